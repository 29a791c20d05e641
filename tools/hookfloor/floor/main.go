// Command floor is the least a UserPromptSubmit hook can do: start, read
// the hook payload from stdin and the ruleset file named by its argument,
// and print the length of both. hookfloor measures autofix's hook against
// it.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		os.Exit(1)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		os.Exit(1)
	}
	fmt.Println(len(in), len(data))
}
