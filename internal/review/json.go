package review

import (
	"encoding/json"
	"io"
)

// WriteJSON writes the report as one JSON object:
// {"source","locales":[{"locale","pages","translated","standIns","complete"}],
// "findings":[{"id","check","severity","locale","page","section","source":{"file","line"},"target":{"file","line"},"message","diff"}]}; diff only for stale sections judged by a recorded source revision.
// id is Finding.ID, what baselines hold.
func WriteJSON(w io.Writer, r *Report) error {
	out := *r
	if out.Findings == nil {
		out.Findings = []Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// MarshalJSON writes the severity as "error" or "warning" in its place after the check.
func (f Finding) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		ID       string `json:"id"`
		Check    string `json:"check"`
		Severity string `json:"severity"`
		Locale   string `json:"locale"`
		Page     string `json:"page"`
		Section  string `json:"section"`
		Source   Pos    `json:"source"`
		Target   Pos    `json:"target"`
		Message  string `json:"message"`
		Diff     string `json:"diff,omitempty"`
	}{f.ID(), f.Check, f.Severity.String(), f.Locale, f.Page, f.Section, f.Source, f.Target, f.Message, f.Diff})
}
