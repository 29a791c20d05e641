package brief

// functionWord reports whether w, a lower-cased word of a task as
// written, is a function word the stopword list lacks: prepositions,
// conjunctions and quantifiers ("during", "between", "already", "many";
// "während", "pendant", "durante") say nothing about a rule's subject, so
// a task word among them is matched for no rule. They stay in the text for
// the phrases of the lexicon ("already exists"). A switch, not a map:
// nothing is built at process start.
func functionWord(w []byte) bool {
	switch string(w) {
	case "during", "until", "within", "between", "across", "through", "throughout", "against", "among", "around",
		"behind", "beyond", "despite", "except", "inside", "outside", "near", "since", "toward", "towards", "upon",
		"whether", "though", "although", "unless", "whenever", "wherever", "whose", "another", "either", "neither",
		"already", "still", "even", "yet", "ever", "often", "sometimes", "usually", "really", "quite", "few", "many",
		"much", "several", "including", "regarding", "concerning", "per",
		// German.
		"wahrend", "bis", "zwischen", "durch", "gegen", "ohne", "seit", "nach", "vor", "uber", "unter", "wenn", "weil",
		"dass", "nur", "noch", "schon", "wie", "was", "wird", "werden", "kann", "soll",
		"muss", "alle", "jede", "jeder", "jedes", "diese", "dieser", "dieses", "sich", "ihr", "ihre", "man",
		// French.
		"pendant", "entre", "sans", "avant", "apres", "depuis", "quand", "si", "comme", "tout", "tous", "toute",
		"toutes", "chaque", "plus", "moins", "tres", "aussi", "lorsque", "leur", "leurs", "ca", "cela", "peut", "doit",
		// Spanish.
		"durante", "hasta", "desde", "cuando", "como", "todo", "todos", "toda", "todas", "cada", "mas", "menos", "muy",
		"tambien", "porque", "pero", "este", "esta", "estos", "esa", "ese", "hay", "puede", "debe":
		return true
	}
	return false
}

// sourceRoot reports whether w, a directory of a path as written, is one
// that holds a whole source tree ("src", "internal", "lib", "app"): it is
// in most paths of a project and says nothing about what the file is.
func sourceRoot(w []byte) bool {
	switch string(w) {
	case "src", "source", "sources", "lib", "libs", "app", "apps", "pkg", "internal", "cmd", "main", "java", "com", "org",
		"packages", "modules", "features":
		return true
	}
	return false
}
