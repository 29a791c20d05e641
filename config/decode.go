package config

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/autofix/autofix/guard"
)

// decode decodes the merged configuration conf (nested maps) into a
// Config as config/withflags does with koanf's decoder (mapstructure,
// weakly typed, koanf's duration hooks), with the same messages: a string
// key takes a number or a bool ("1"/"0"), a number key a numeric string, a
// bool key "true"/"1"/"false"/"0", a duration "90s", "1d" or nanoseconds.
// Keys match case-insensitively; unknown keys are ignored.
func decode(conf map[string]any) (Config, error) {
	var cfg Config
	var errs []error
	str := func(name string, dst *string) {
		if v, ok := lookup(conf, name); ok {
			if err := decodeString(name, v, dst, "string"); err != nil {
				errs = append(errs, err)
			}
		}
	}
	str("model", &cfg.Model)
	str("default_model", &cfg.DefaultModel)
	if v, ok := lookup(conf, "model_timeout"); ok {
		if err := decodeDuration("model_timeout", v, &cfg.ModelTimeout); err != nil {
			errs = append(errs, err)
		}
	}
	str("embed_model", &cfg.EmbedModel)
	if v, ok := lookup(conf, "budget"); ok {
		n, err := decodeInt("budget", v, "int", strconv.IntSize)
		if err != nil {
			errs = append(errs, err)
		} else {
			cfg.Budget = int(n)
		}
	}
	str("capture", &cfg.Capture)
	if v, ok := lookup(conf, "activity"); ok {
		if m, isMap := v.(map[string]any); isMap {
			if p, ok := lookup(m, "prompts"); ok {
				if err := decodeBool("activity.prompts", p, &cfg.Activity.Prompts); err != nil {
					errs = append(errs, err)
				}
			}
		} else if v != nil {
			errs = append(errs, fmt.Errorf("'activity' expected a map or struct, got %q", kindOf(v)))
		}
	}
	if v, ok := lookup(conf, "guard"); ok {
		var g string
		if err := decodeString("guard", v, &g, "guard.Mode"); err != nil {
			errs = append(errs, err)
		} else if v != nil {
			cfg.Guard = guard.Mode(g)
		}
	}
	if len(errs) > 0 {
		return cfg, fmt.Errorf("decoding failed due to the following error(s):\n\n%w", errors.Join(errs...))
	}
	return cfg, nil
}

// lookup finds key in m, exactly or else case-insensitively.
func lookup(m map[string]any, key string) (any, bool) {
	if v, ok := m[key]; ok {
		return v, true
	}
	for k, v := range m {
		if strings.EqualFold(k, key) {
			return v, true
		}
	}
	return nil, false
}

// kindOf is the decoder's kind of v: all sizes of int are "int", of
// float "float32", as mapstructure says them.
func kindOf(v any) reflect.Kind {
	k := reflect.ValueOf(v).Kind()
	switch {
	case k >= reflect.Int && k <= reflect.Int64:
		return reflect.Int
	case k >= reflect.Uint && k <= reflect.Uint64:
		return reflect.Uint
	case k == reflect.Float32 || k == reflect.Float64:
		return reflect.Float32
	}
	return k
}

func unconvertible(name, want string, v any) error {
	return fmt.Errorf("'%s' expected type '%s', got unconvertible type '%s'", name, want, reflect.TypeOf(v))
}

func parseError(name, want string, err error) error {
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		err = errors.New("strconv." + ne.Func + ": " + ne.Err.Error())
	}
	return fmt.Errorf("'%s' cannot parse value as '%s': %s", name, want, err)
}

func decodeString(name string, v any, dst *string, want string) error {
	if v == nil {
		return nil
	}
	rv := reflect.ValueOf(v)
	switch kindOf(v) {
	case reflect.String:
		*dst = rv.String()
	case reflect.Bool:
		*dst = "0"
		if rv.Bool() {
			*dst = "1"
		}
	case reflect.Int:
		*dst = strconv.FormatInt(rv.Int(), 10)
	case reflect.Uint:
		*dst = strconv.FormatUint(rv.Uint(), 10)
	case reflect.Float32:
		*dst = strconv.FormatFloat(rv.Float(), 'f', -1, 64)
	default:
		if b, ok := v.([]byte); ok {
			*dst = string(b)
			return nil
		}
		return unconvertible(name, want, v)
	}
	return nil
}

func decodeInt(name string, v any, want string, bits int) (int64, error) {
	if v == nil {
		return 0, nil
	}
	rv := reflect.ValueOf(v)
	switch kindOf(v) {
	case reflect.Int:
		return rv.Int(), nil
	case reflect.Uint:
		return int64(rv.Uint()), nil
	case reflect.Float32:
		return int64(rv.Float()), nil
	case reflect.Bool:
		if rv.Bool() {
			return 1, nil
		}
		return 0, nil
	case reflect.String:
		s := rv.String()
		if s == "" {
			s = "0"
		}
		n, err := strconv.ParseInt(s, 0, bits)
		if err != nil {
			return 0, parseError(name, want, err)
		}
		return n, nil
	}
	return 0, unconvertible(name, want, v)
}

func decodeBool(name string, v any, dst *bool) error {
	if v == nil {
		return nil
	}
	rv := reflect.ValueOf(v)
	switch kindOf(v) {
	case reflect.Bool:
		*dst = rv.Bool()
	case reflect.Int:
		*dst = rv.Int() != 0
	case reflect.Uint:
		*dst = rv.Uint() != 0
	case reflect.Float32:
		*dst = rv.Float() != 0
	case reflect.String:
		b, err := strconv.ParseBool(rv.String())
		switch {
		case err == nil:
			*dst = b
		case rv.String() == "":
			*dst = false
		default:
			return parseError(name, "bool", err)
		}
	default:
		return unconvertible(name, "bool", v)
	}
	return nil
}

// dayDuration is a number of days in a duration, which koanf accepts
// ("1d", "1.5d").
var dayDuration = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)d`)
})

func decodeDuration(name string, v any, dst *time.Duration) error {
	if v == nil {
		return nil
	}
	if s, ok := v.(string); ok {
		if strings.Contains(s, "d") {
			s = dayDuration().ReplaceAllStringFunc(s, func(day string) string {
				// Days times 24, digit by digit, without rounding.
				hours := []byte("00" + day[:len(day)-1])
				carry := 0
				for i := len(hours) - 1; i >= 0; i-- {
					if hours[i] == '.' {
						continue
					}
					n := int(hours[i]-'0')*24 + carry
					hours[i] = byte(n%10) + '0'
					carry = n / 10
				}
				return string(hours) + "h"
			})
		}
		d, err := time.ParseDuration(s)
		if err != nil {
			msg := err.Error()
			switch {
			case strings.HasPrefix(msg, "time: unknown unit "):
				msg = "time: unknown unit"
			case strings.HasPrefix(msg, "time: "):
				msg = msg[:strings.LastIndex(msg, " ")]
			}
			return fmt.Errorf("'%s' %s", name, msg)
		}
		*dst = d
		return nil
	}
	n, err := decodeInt(name, v, "time.Duration", 64)
	if err != nil {
		return err
	}
	*dst = time.Duration(n)
	return nil
}
