package capture

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

func TestProbe(t *testing.T) {
	f, _ := os.Open(os.Getenv("PROBE"))
	s := bufio.NewScanner(f)
	for s.Scan() {
		var r struct {
			ID, Prompt string
			Capture    bool
			Keep       []string
		}
		json.Unmarshal(s.Bytes(), &r)
		res := Detect(context.Background(), r.Prompt)
		mark := "  "
		if res.Capture != r.Capture {
			mark = "XX"
		}
		ins := ""
		if res.Rule != nil {
			ins = res.Rule.Instruction
		}
		fmt.Printf("%s %s %v %s/%s | %s | %s | %s\n", mark, r.ID, r.Capture, res.Kind, res.Target, r.Prompt, ins, res.Command)
	}
}
