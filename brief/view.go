package brief

// View is a composed brief as `me context --json` shows it: each rule's
// score and why it was chosen, the omitted ids, and the superseded rules
// with what supersedes them.
type View struct {
	// WorkType is the task's kind of work, whose learned weights ordered
	// the rules ("any" without a task).
	WorkType   string           `json:"work_type"`
	Workspace  string           `json:"workspace"`
	Rules      []ViewRule       `json:"rules"`
	Omitted    []string         `json:"omitted"`
	Superseded []ViewSuperseded `json:"superseded"`
	Tokens     int              `json:"tokens"`
}

// ViewRule is one delivered rule of a [View].
type ViewRule struct {
	Source      string  `json:"source"`
	ID          string  `json:"id"`
	Category    string  `json:"category"`
	Instruction string  `json:"instruction"`
	Score       float64 `json:"score"`
	Reason      string  `json:"reason"`
	// ScoreParts are what the score is made of.
	ScoreParts ScoreParts `json:"score_parts"`
}

// ViewSuperseded is one superseded rule of a [View] and what supersedes it.
type ViewSuperseded struct {
	ID string `json:"id"`
	By string `json:"by"`
}

// ViewOf is b as a [View]; its lists are empty, never null.
func ViewOf(b Composed) View {
	v := View{
		WorkType:   string(b.Work),
		Workspace:  b.Workspace.ID,
		Rules:      []ViewRule{},
		Omitted:    []string{},
		Superseded: []ViewSuperseded{},
		Tokens:     b.Selection.Tokens,
	}
	for _, r := range b.Selection.Rules {
		v.Rules = append(v.Rules, ViewRule{Source: string(r.Source), ID: r.ID, Category: r.Category, Instruction: r.Instruction, Score: r.Score, Reason: r.Reason, ScoreParts: r.Parts})
	}
	for _, r := range b.Selection.Omitted {
		v.Omitted = append(v.Omitted, r.ID)
	}
	for _, s := range b.Selection.Superseded {
		v.Superseded = append(v.Superseded, ViewSuperseded{ID: s.Rule.ID, By: s.By})
	}
	return v
}
