package cmd

import (
	"errors"
	"slices"
	"testing"
)

func TestMeScopeArgs(t *testing.T) {
	tests := []struct {
		args              []string
		only, add, remove []string
		global            bool
		usage             bool
	}{
		{args: []string{"p1"}},
		{args: []string{"p1", "--global"}, global: true},
		{args: []string{"p1", "--workspace"}, only: []string{"."}},
		{args: []string{"p1", "--workspace", "a", "b"}, only: []string{"a", "b"}},
		{args: []string{"p1", "--workspace=a", "--workspace=b"}, only: []string{"a", "b"}},
		{args: []string{"p1", "--workspace=a", "b"}, only: []string{"a", "b"}},
		{args: []string{"p1", "--add", "../api"}, add: []string{"../api"}},
		{args: []string{"p1", "--remove"}, remove: []string{"."}},
		{args: []string{"p1", "--add", "--remove"}, usage: true},
		{args: []string{"p1", "--global", "x"}, usage: true},
		{args: []string{"p1", "x"}, usage: true},
	}
	for _, tt := range tests {
		c := newMeScopeCmd(&Env{})
		opts := &meScopeOptions{}
		// Bind the flags to a fresh options value, as RunE would.
		f := c.Flags()
		if err := f.Parse(tt.args); err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		opts.global, _ = f.GetBool("global")
		opts.only, _ = f.GetStringArray("workspace")
		opts.add, _ = f.GetStringArray("add")
		opts.remove, _ = f.GetStringArray("remove")
		if !f.Changed("workspace") {
			opts.only = nil
		}
		if !f.Changed("add") {
			opts.add = nil
		}
		if !f.Changed("remove") {
			opts.remove = nil
		}
		err := opts.takePaths(f.Changed, f.Args()[1:])
		var ue *usageError
		if got := errors.As(err, &ue); got != tt.usage {
			t.Errorf("%v: err = %v, want usage error %v", tt.args, err, tt.usage)
			continue
		}
		if tt.usage {
			continue
		}
		if opts.global != tt.global || !slices.Equal(opts.only, tt.only) || !slices.Equal(opts.add, tt.add) || !slices.Equal(opts.remove, tt.remove) {
			t.Errorf("%v: global=%v only=%q add=%q remove=%q; want %v %q %q %q", tt.args, opts.global, opts.only, opts.add, opts.remove, tt.global, tt.only, tt.add, tt.remove)
		}
	}
}
