// Command autofix-hook answers an agent's hook as 'autofix hook AGENT'
// does, in a lean, statically linked binary (see package hookmain).
package main

import (
	"os"

	"github.com/autofix/autofix/cmd/hookmain"
)

func main() { os.Exit(hookmain.Main()) }
