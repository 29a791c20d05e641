// Package hint attaches the next step to an error: what the person can do
// about it. The command line prints it as "autofix: hint: …" under the
// error.
package hint

import "fmt"

// Error is an error with a next step.
type Error struct {
	Err  error
	Next string
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Hint is the next step.
func (e *Error) Hint() string { return e.Next }

// Wrap returns err with a hint that says what to do next; nil for a nil
// err.
func Wrap(err error, format string, a ...any) error {
	if err == nil {
		return nil
	}
	return &Error{Err: err, Next: fmt.Sprintf(format, a...)}
}
