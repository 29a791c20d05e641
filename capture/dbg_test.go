package capture

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/autofix/autofix/normalize"
)

func TestDbg(t *testing.T) {
	for _, p := range []string{os.Getenv("P")} {
		for _, s := range splitSentences(p) {
			fmt.Printf("%q %+v\n", s.text, analyze(&s))
			for _, tk := range s.tokens {
				fmt.Printf("[%s]", tk.s)
			}
			fmt.Println()
			sg := analyze(&s)
			r, err := normalize.Normalize(context.Background(), s.text[sg.core:], nil, normalize.Options{})
			fmt.Println(r.Instruction, err)
		}
	}
}
