package normalize

import (
	"bufio"
	"context"
	"os"
	"testing"
)

func TestShow(t *testing.T) {
	f := os.Getenv("SHOW")
	if f == "" {
		t.Skip()
	}
	fh, _ := os.Open(f)
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		res, err := Normalize(context.Background(), sc.Text(), nil, Options{})
		if err != nil {
			t.Logf("%-60q ERR %v", sc.Text(), err)
		} else {
			t.Logf("%-60q [%s] %s | why=%s", sc.Text(), res.Category, res.Instruction, res.Why)
		}
	}
}
