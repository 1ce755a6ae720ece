package browser

import (
	"fmt"
	"strings"

	"github.com/chromedp/chromedp"
)

// violation is one failed axe-core rule on a page.
type violation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	HelpURL string   `json:"helpUrl"`
	Targets []string `json:"targets"`
}

const runAxe = `axe.run(document, {resultTypes: ["violations"]}).then((r) => r.violations.map((v) => ({
  id: v.id, impact: v.impact || "", help: v.help, helpUrl: v.helpUrl,
  targets: v.nodes.map((n) => n.target.join(" ")),
})))`

// checkAxe runs axe-core in the light and the dark colour scheme. Violations of impact
// serious or critical are errors; moderate and minor ones are warnings.
func (v *visit) checkAxe() error {
	if _, err := eval[chromedp.Void](v.tab, v.axe); err != nil {
		return fmt.Errorf("injecting axe-core: %w", err)
	}
	for _, s := range []string{"light", "dark"} {
		if err := v.tab.do(scheme(s)); err != nil {
			return err
		}
		found, err := eval[[]violation](v.tab, runAxe, chromedp.EvalAwaitPromise)
		if err != nil {
			return fmt.Errorf("running axe-core: %w", err)
		}
		v.res.axeRuns++
		for _, x := range found {
			v.reportViolation(s, x)
		}
	}
	return v.tab.do(scheme("light"))
}

func (v *visit) reportViolation(scheme string, x violation) {
	targets := x.Targets
	more := ""
	if len(targets) > 3 {
		more = fmt.Sprintf(" and %d more", len(targets)-3)
		targets = targets[:3]
	}
	msg := fmt.Sprintf("%s (%s, %s scheme) at %s%s; see %s", x.Help, x.Impact, scheme, strings.Join(targets, ", "), more, x.HelpURL)
	if x.Impact == "serious" || x.Impact == "critical" {
		v.errorf("axe/"+x.ID, "%s", msg)
	} else {
		v.warnf("axe/"+x.ID, "%s", msg)
	}
}
