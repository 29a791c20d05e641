package normalize

import "sync"

// tablesOnce builds the word tables (lexicon, verbs, function and stop
// words, tool families) on first use rather than at program start: the
// binary also serves agent hooks, whose start-up must stay small.
var tablesOnce sync.Once

// loadTables builds the word tables once; every entry point calls it.
func loadTables() {
	tablesOnce.Do(func() {
		initConflict1()
		initLexicon1()
		initText1()
		initText2()
		initText3()
		initVerbs1()
		initVerbs2()
	})
}
