package shortcode

// Call is one use of a shortcode: an opening tag and, for a pair, its closing tag.
type Call struct {
	Index    int // in Tree.Calls
	Open     *Tag
	Close    *Tag // nil for a call without inner content
	Parent   *Call
	Children []*Call // the calls between Open and Close
}

// Paired reports whether the call has inner content.
func (c *Call) Paired() bool { return c.Close != nil }

// Tree is every tag and call of a source.
type Tree struct {
	Tags  []Tag
	Calls []*Call // in the order of their opening tags; escaped tags are calls of their own
	Roots []*Call // calls outside any pair
	// ByOffset finds the call a tag belongs to by the tag's start offset (for a closing
	// tag, the call it closes).
	ByOffset map[int]*Call
}

// Inner says what a shortcode's template does with inner content.
type Inner int

const (
	InnerUnknown  Inner = iota // no such template: paired when a closing tag follows
	InnerNone                  // the template never reads .Inner: never paired
	InnerRequired              // the template reads .Inner: a closing tag is required
)

// Parse scans src and pairs its tags into calls. inner tells, by name, what each
// template expects; errors are malformed tags, closing tags without an opening one,
// and opening tags of templates that need inner content left unclosed.
func Parse(src []byte, inner func(name string) Inner) (*Tree, []Error) {
	tags, errs := Scan(src)
	t := &Tree{Tags: tags, ByOffset: make(map[int]*Call, len(tags))}
	partner, perrs := pair(t.Tags, inner)
	errs = append(errs, perrs...)
	var stack []*Call
	for i := range t.Tags {
		tag := &t.Tags[i]
		if tag.Close {
			if j, ok := partner[i]; ok && len(stack) > 0 && stack[len(stack)-1].Open == &t.Tags[j] {
				c := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				c.Close = tag
				t.ByOffset[tag.Start] = c
			}
			continue
		}
		c := &Call{Index: len(t.Calls), Open: tag}
		t.Calls = append(t.Calls, c)
		t.ByOffset[tag.Start] = c
		if len(stack) > 0 {
			c.Parent = stack[len(stack)-1]
			c.Parent.Children = append(c.Parent.Children, c)
		} else {
			t.Roots = append(t.Roots, c)
		}
		if _, ok := partner[i]; ok {
			stack = append(stack, c)
		}
	}
	return t, errs
}

// pair matches opening and closing tags: a closing tag closes the nearest open tag of
// its name; open tags between them were not pairs. It returns the partner of every
// paired tag, both ways.
func pair(tags []Tag, inner func(string) Inner) (map[int]int, []Error) {
	partner := map[int]int{}
	var errs []Error
	var stack []int
	unpaired := func(i int) {
		if inner(tags[i].Name) == InnerRequired {
			errs = append(errs, Error{Off: tags[i].Start, Msg: "unclosed shortcode " + tags[i].Name + ": no " + closeOf(&tags[i]) + " follows"})
		}
	}
	for i := range tags {
		t := &tags[i]
		switch {
		case t.Escaped || t.SelfClose:
		case !t.Close:
			if inner(t.Name) != InnerNone {
				stack = append(stack, i)
			}
		default:
			k := len(stack) - 1
			for k >= 0 && tags[stack[k]].Name != t.Name {
				k--
			}
			if k < 0 {
				if inner(t.Name) == InnerNone {
					errs = append(errs, Error{Off: t.Start, Msg: "shortcode " + t.Name + " takes no inner content, but here is a closing tag"})
				} else {
					errs = append(errs, Error{Off: t.Start, Msg: "closing tag of " + t.Name + " without an opening one; it is dropped", Warning: true})
				}
				continue
			}
			for _, j := range stack[k+1:] {
				unpaired(j)
			}
			o := stack[k]
			stack = stack[:k]
			if tags[o].Delim != t.Delim {
				errs = append(errs, Error{Off: t.Start, Msg: "shortcode " + t.Name + " opened with {{" + string(tags[o].Delim) + " is closed with {{" + string(t.Delim) + "; the opening tag decides how its content is read", Warning: true})
			}
			partner[o], partner[i] = i, o
		}
	}
	for _, j := range stack {
		unpaired(j)
	}
	return partner, errs
}

func closeOf(t *Tag) string {
	return "{{" + string(t.Delim) + " /" + t.Name + " " + closing(t.Delim)
}
