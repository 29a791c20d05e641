package cmd

import "github.com/autofix/autofix/config"

func editDistance(a, b string) int { return config.EditDistance(a, b) }
