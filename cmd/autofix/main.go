// Command autofix turns a person's corrections into rules for AI coding agents.
package main

import (
	"os"

	"github.com/autofix/autofix/cmd"
)

func main() { os.Exit(cmd.Main()) }
