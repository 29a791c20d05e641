package capture

import (
	"context"
	"fmt"
	"os"
	"testing"
)

func TestProbe(t *testing.T) {
	for _, r := range readRows(t, os.Getenv("PROBE")) {
		res := Detect(context.Background(), r.Prompt)
		mark := "  "
		if res.Capture != r.Capture {
			mark = "XX"
		} else if res.Capture && !keeps(res.Rule.Instruction, r.Keep) {
			mark = "KK"
		}
		ins := ""
		if res.Rule != nil {
			ins = res.Rule.Instruction
		}
		fmt.Printf("%s %s %v %s/%s | %s | %s | %s\n", mark, r.ID, r.Capture, res.Kind, res.Target, r.Prompt, ins, res.Command)
	}
}
