package me

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/autofix/autofix/guard"
	"github.com/autofix/autofix/rules"
	"github.com/autofix/autofix/scope"
)

// Status says whether a preference is in use.
type Status string

// The statuses of a [Preference].
const (
	Active    Status = "active"
	Forgotten Status = "forgotten"
)

// Event is one change in a preference's history.
type Event struct {
	Time time.Time `json:"time"`
	// What happened: "taught", "scope", "supersedes", "superseded",
	// "forgotten", "erased" (another preference it referred to was
	// purged) or "reinstated" (the one that superseded it was purged).
	// What and Detail read as one phrase: "superseded by p3: …".
	What   string `json:"what"`
	Detail string `json:"detail,omitempty"`
}

// Preference is one taught preference.
type Preference struct {
	ID          string `json:"id"`
	Category    string `json:"category"`
	Instruction string `json:"instruction"`
	Why         string `json:"why"`
	// Words are the person's original words.
	Words   string    `json:"words"`
	Created time.Time `json:"created"`
	// Normalizer is what produced the rule: "builtin" or "ollama:MODEL".
	Normalizer string      `json:"normalizer"`
	Language   string      `json:"language,omitempty"`
	Scope      scope.Scope `json:"scope"`
	Status     Status      `json:"status"`
	// Supersedes lists the older preferences this one replaced.
	Supersedes []string `json:"supersedes,omitempty"`
	// SupersededBy is the newer preference that replaced this one.
	SupersededBy string  `json:"superseded_by,omitempty"`
	History      []Event `json:"history"`
	// Check is the preference's machine-checkable form (see package
	// guard); nil when it has none. Personal checks need no trust.
	Check *guard.Check `json:"check,omitempty"`
}

// Seq is the number in the id: creation order.
func (p Preference) Seq() int {
	n, _ := parseID(p.ID)
	return n
}

// InForce reports whether p is active and not superseded: it reaches agents
// in the workspaces of its scope.
func (p Preference) InForce() bool { return p.Status == Active && p.SupersededBy == "" }

// Store is the loaded preference store. Its methods change it in memory;
// [Update] writes it.
type Store struct {
	path  string
	next  int
	prefs []Preference
}

// NextID is the id the next taught preference gets.
func (s *Store) NextID() string { return "p" + strconv.Itoa(s.next) }

// All returns every preference, oldest first.
func (s *Store) All() []Preference { return slices.Clone(s.prefs) }

// Get returns the preference with id ("p3"; "P3" and "3" are accepted).
// An unknown id is a *[NotFoundError].
func (s *Store) Get(id string) (Preference, error) {
	i, err := s.index(id)
	if err != nil {
		return Preference{}, err
	}
	return s.prefs[i], nil
}

func (s *Store) index(id string) (int, error) {
	n, ok := parseID(id)
	if ok {
		for i := range s.prefs {
			if p, _ := parseID(s.prefs[i].ID); p == n {
				return i, nil
			}
		}
	}
	return -1, &NotFoundError{ID: id, Erased: ok && n < s.next}
}

// parseID reads "p3", "P3" or "3".
func parseID(id string) (int, bool) {
	id = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(id), "p"), "P")
	n, err := strconv.Atoi(id)
	return n, err == nil && n > 0 && !strings.HasPrefix(id, "+")
}

// Active returns the preferences in force in ws, oldest first (creation
// order): active, not superseded, and scoped to all workspaces or to ws's
// identity. Whether each is workspace-scoped is p.Scope.Kind.
func (s *Store) Active(ws scope.Workspace) []Preference {
	var out []Preference
	for _, p := range s.prefs {
		if ok, _ := s.Use(p, ws); ok {
			out = append(out, p)
		}
	}
	return out
}

// Use reports whether p reaches the agent in ws, and why (or why not), in
// words for people.
func (s *Store) Use(p Preference, ws scope.Workspace) (bool, string) {
	if p.Status == Forgotten {
		when := ""
		for _, e := range p.History {
			if e.What == "forgotten" {
				when = " on " + e.Time.Format(time.DateOnly)
			}
		}
		return false, "forgotten" + when
	}
	if p.SupersededBy != "" {
		by := p.SupersededBy
		if q, err := s.Get(by); err == nil && q.Status == Forgotten {
			by += " (since forgotten)"
		}
		return false, "superseded by " + by
	}
	return p.Scope.Match(ws)
}

// Draft is a new preference as the normalizer produced it.
type Draft struct {
	Category, Instruction, Why string
	// Words are the person's original words.
	Words string
	// Normalizer is "builtin" or "ollama:MODEL".
	Normalizer, Language string
	// Supersedes are ids the normalizer says the draft replaces; ids that
	// are not preferences (project rule numbers) are ignored.
	Supersedes []string
	Scope      scope.Scope
	// Check is the preference's check, if any.
	Check *guard.Check
}

// Taught is the outcome of [Store.Teach].
type Taught struct {
	// Preference is the new preference, or the one that already holds the
	// same instruction when Duplicate is true.
	Preference Preference
	Duplicate  bool
	// Superseded are the older preferences the new one replaced.
	Superseded []Preference
}

// Teach adds d as a new preference taught at now and returns it. When a
// preference in force already has the same instruction
// ([rules.SameInstruction]: ignoring case, width, punctuation and spacing),
// nothing is added and that preference is returned with Duplicate set.
//
// The new preference supersedes the preferences in force that d.Supersedes
// names or that conflicts reports as contradicted (conflicts(new, old); nil
// means none), as long as [replaces] allows it: both are global, or both
// are scoped to workspaces and the new one's cover the old one's. Across
// scopes neither replaces the other: workspace-scoped preferences take
// precedence over global ones where both apply, and the context engine
// settles that when it reads them. Supersession is recorded on both sides,
// in their histories too.
func (s *Store) Teach(d Draft, now time.Time, conflicts func(newer, older string) bool) (Taught, error) {
	now = stamp(now)
	d.Category = strings.TrimSpace(d.Category)
	d.Instruction = strings.TrimSpace(d.Instruction)
	if d.Instruction == "" {
		return Taught{}, errors.New("empty instruction")
	}
	if d.Category == "" {
		return Taught{}, errors.New("no category")
	}
	if err := d.Scope.Validate(); err != nil {
		return Taught{}, fmt.Errorf("scope: %w", err)
	}
	key := rules.InstructionKey(d.Instruction)
	for _, p := range s.prefs {
		if p.InForce() && rules.InstructionKey(p.Instruction) == key {
			return Taught{Preference: p, Duplicate: true}, nil
		}
	}
	named := map[int]bool{}
	for _, id := range d.Supersedes {
		if strings.HasPrefix(strings.ToLower(strings.TrimSpace(id)), "p") {
			if n, ok := parseID(id); ok {
				named[n] = true
			}
		}
	}
	p := Preference{
		ID:          s.NextID(),
		Category:    d.Category,
		Instruction: d.Instruction,
		Why:         strings.TrimSpace(d.Why),
		Words:       d.Words,
		Created:     now,
		Normalizer:  d.Normalizer,
		Language:    d.Language,
		Scope:       d.Scope,
		Status:      Active,
		History:     []Event{{Time: now, What: "taught", Detail: "with scope " + d.Scope.String()}},
		Check:       d.Check,
	}
	var replaced []Preference
	for i := range s.prefs {
		old := &s.prefs[i]
		if !old.InForce() || !replaces(d.Scope, old.Scope) {
			continue
		}
		if !named[old.Seq()] && (conflicts == nil || !conflicts(p.Instruction, old.Instruction)) {
			continue
		}
		old.SupersededBy = p.ID
		old.History = append(old.History, Event{Time: now, What: "superseded", Detail: "by " + p.ID + ": " + p.Instruction})
		p.Supersedes = append(p.Supersedes, old.ID)
		p.History = append(p.History, Event{Time: now, What: "supersedes", Detail: old.ID + ": " + old.Instruction})
		replaced = append(replaced, *old)
	}
	s.prefs = append(s.prefs, p)
	s.next++
	return Taught{Preference: p, Superseded: replaced}, nil
}

// replaces reports whether a preference with scope newer may supersede an
// older one with scope older: both global, or both scoped to workspaces
// with newer covering older. A global preference never supersedes a
// workspace-scoped one, which takes precedence in its workspaces (SPEC §6).
func replaces(newer, older scope.Scope) bool {
	return newer.IsGlobal() == older.IsGlobal() && newer.Covers(older)
}

// stamp is the form times are recorded in: UTC, whole seconds.
func stamp(t time.Time) time.Time { return t.UTC().Truncate(time.Second) }

// SetScope replaces the scope of the preference id at now, recording the
// change in its history. changed is false when the scope was already sc.
func (s *Store) SetScope(id string, sc scope.Scope, now time.Time) (p Preference, changed bool, err error) {
	i, err := s.index(id)
	if err != nil {
		return Preference{}, false, err
	}
	if err := sc.Validate(); err != nil {
		return Preference{}, false, fmt.Errorf("scope: %w", err)
	}
	q := &s.prefs[i]
	if q.Scope.Equal(sc) {
		// Same workspaces; keep the newest last-seen paths.
		q.Scope = sc
		return *q, false, nil
	}
	q.History = append(q.History, Event{Time: stamp(now), What: "scope", Detail: "changed from " + q.Scope.String() + " to " + sc.String()})
	q.Scope = sc
	return *q, true, nil
}

// ScopeError is a scope change that cannot be made as asked.
type ScopeError struct {
	Msg, hint string
}

func (e *ScopeError) Error() string { return e.Msg }

// Hint says what to do instead.
func (e *ScopeError) Hint() string { return e.hint }

// AddWorkspace adds the workspace r to the scope of the preference id.
func (s *Store) AddWorkspace(id string, r scope.Ref, now time.Time) (Preference, bool, error) {
	p, err := s.Get(id)
	if err != nil {
		return Preference{}, false, err
	}
	if p.Scope.IsGlobal() {
		return Preference{}, false, &ScopeError{
			Msg:  fmt.Sprintf("%s already applies in all workspaces", p.ID),
			hint: fmt.Sprintf("to limit it to some workspaces: autofix me scope %s --workspace PATH…", p.ID),
		}
	}
	sc, _ := p.Scope.Add(r)
	return s.SetScope(p.ID, sc, now)
}

// RemoveWorkspace removes the workspace identity wsID from the scope of the
// preference id. A scope cannot become empty: forget the preference instead.
func (s *Store) RemoveWorkspace(id, wsID string, now time.Time) (Preference, bool, error) {
	p, err := s.Get(id)
	if err != nil {
		return Preference{}, false, err
	}
	if p.Scope.IsGlobal() {
		return Preference{}, false, &ScopeError{
			Msg:  fmt.Sprintf("%s applies in all workspaces; there is no workspace to remove", p.ID),
			hint: fmt.Sprintf("name the workspaces it should apply in: autofix me scope %s --workspace PATH…", p.ID),
		}
	}
	sc, ok := p.Scope.Remove(wsID)
	if !ok {
		return Preference{}, false, &ScopeError{
			Msg:  fmt.Sprintf("%s is not scoped to %s (its scope: %s)", p.ID, wsID, p.Scope),
			hint: fmt.Sprintf("see its scope: autofix me explain %s", p.ID),
		}
	}
	if len(sc.Workspaces) == 0 {
		return Preference{}, false, &ScopeError{
			Msg:  fmt.Sprintf("%s would apply in no workspace", p.ID),
			hint: fmt.Sprintf("stop using it with: autofix me forget %s (or make it global: autofix me scope %s --global)", p.ID, p.ID),
		}
	}
	return s.SetScope(p.ID, sc, now)
}

// Forget marks the preference id as forgotten at now: it stops reaching
// agents but stays in the store. changed is false when it was already
// forgotten.
func (s *Store) Forget(id string, now time.Time) (p Preference, changed bool, err error) {
	i, err := s.index(id)
	if err != nil {
		return Preference{}, false, err
	}
	q := &s.prefs[i]
	if q.Status == Forgotten {
		return *q, false, nil
	}
	q.Status = Forgotten
	q.History = append(q.History, Event{Time: stamp(now), What: "forgotten"})
	return *q, true, nil
}

// Purge erases the preference id from the store, original words and
// history included. Its id is not reused. Its text is also scrubbed from
// the other preferences' histories, which keep only its id ("superseded by
// p3 (erased)"). The ones it superseded are reinstated, and the ones that
// superseded it record the purge in their history.
func (s *Store) Purge(id string, now time.Time) (Preference, error) {
	i, err := s.index(id)
	if err != nil {
		return Preference{}, err
	}
	now = stamp(now)
	gone := s.prefs[i]
	s.prefs = slices.Delete(s.prefs, i, i+1)
	for j := range s.prefs {
		q := &s.prefs[j]
		// A new slice: copies handed out earlier keep their own history.
		h := make([]Event, len(q.History), len(q.History)+1)
		for k, e := range q.History {
			e.Detail = scrub(e, gone)
			h[k] = e
		}
		switch {
		case q.SupersededBy == gone.ID:
			q.SupersededBy = ""
			h = append(h, Event{Time: now, What: "reinstated", Detail: "because " + gone.ID + ", which superseded it, was erased"})
		case slices.Contains(q.Supersedes, gone.ID):
			h = append(h, Event{Time: now, What: "erased", Detail: gone.ID + ", which it refers to"})
		}
		q.History = h
	}
	return gone, nil
}

// scrub returns e's detail without the text of the purged preference gone:
// events about it keep only its id.
func scrub(e Event, gone Preference) string {
	switch {
	case e.What == "superseded" && (e.Detail == "by "+gone.ID || strings.HasPrefix(e.Detail, "by "+gone.ID+":")):
		return "by " + gone.ID + " (erased)"
	case e.What == "supersedes" && (e.Detail == gone.ID || strings.HasPrefix(e.Detail, gone.ID+":")):
		return gone.ID + " (erased)"
	case gone.Instruction != "":
		return strings.ReplaceAll(e.Detail, gone.Instruction, "(erased)")
	}
	return e.Detail
}
