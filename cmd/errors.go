package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/autofix/autofix/hint"
)

// errSilent is a failure with nothing more to say: the command has printed
// its answer (detect: "No durable rule in this text.") and only exit code 1
// is left to set, as grep does for no match.
var errSilent = errors.New("silent failure")

// usageError is a mistake in the command line: exit code 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usageErrorf formats a usage error.
func usageErrorf(format string, a ...any) error {
	return &usageError{fmt.Errorf(format, a...)}
}

// withHint returns err with a hint that says what the user can do next.
func withHint(err error, format string, a ...any) error {
	return hint.Wrap(err, format, a...)
}

// hintOf finds the outermost hint in err's chain: errors from domain
// packages may carry one too, through a Hint() string method.
func hintOf(err error) string {
	var h interface{ Hint() string }
	if errors.As(err, &h) {
		return h.Hint()
	}
	return ""
}

// exitCode is the one place that maps errors to exit codes.
func exitCode(ctx context.Context, err error) int {
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue):
		return exitUsage
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		return exitCanceled
	default:
		return exitFailure
	}
}
