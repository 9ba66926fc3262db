package diff

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteText writes the human form of a diff: a summary line of counts by
// kind, then each kind's changes under a heading, at most limit per kind
// (all when limit < 0) followed by how many were left out.
func WriteText(w io.Writer, cs []Change, limit int) error {
	b := bufio.NewWriter(w)
	if len(cs) == 0 {
		fmt.Fprintln(b, "no changes in behaviour")
		return b.Flush()
	}
	counts := Count(cs)
	var parts []string
	for _, k := range Kinds {
		if counts[k] > 0 {
			parts = append(parts, Thousands(counts[k])+" "+string(k))
		}
	}
	fmt.Fprintf(b, "%s change(s): %s\n", Thousands(len(cs)), strings.Join(parts, ", "))
	for _, k := range Kinds {
		if counts[k] == 0 {
			continue
		}
		fmt.Fprintf(b, "\n%s (%s):\n", k, Thousands(counts[k]))
		shown := 0
		for _, c := range cs {
			if c.Kind != k {
				continue
			}
			if limit >= 0 && shown == limit {
				fmt.Fprintf(b, "  … and %s more %s changes; -all lists them\n", Thousands(counts[k]-shown), k)
				break
			}
			fmt.Fprintf(b, "  %s\n", c.line())
			shown++
		}
	}
	return b.Flush()
}

// WriteJSON writes one JSON object per change and line.
func WriteJSON(w io.Writer, cs []Change) error {
	b := bufio.NewWriter(w)
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	for _, c := range cs {
		if err := enc.Encode(c); err != nil {
			return err
		}
	}
	return b.Flush()
}

// line is one change in human form.
func (c Change) line() string {
	var s string
	switch c.Kind {
	case DestAdded:
		s = c.Pattern + ": " + c.New.describe()
	case DestRemoved:
		s = c.Pattern + ": " + c.Old.describe()
	case DestChanged:
		s = c.Pattern + ": " + destDelta(c.Old.Destination, c.New.Destination)
	case Precedence:
		s = fmt.Sprintf("%s -> %s on %s", chosenText(c.Old), chosenText(c.New), c.scope())
	case Access:
		s = fmt.Sprintf("%s %s: %s -> %s on %s", c.Principal, c.Op, c.Old.describe(), c.New.describe(), c.scope())
	case Permissions:
		s = fmt.Sprintf("%s -> %s on %s", c.Old.describe(), c.New.describe(), c.scope())
	case AutoCreate:
		if c.Witness == nil {
			s = fmt.Sprintf("names matching %q", c.Pattern)
		} else {
			s = fmt.Sprintf("%s: %s -> %s (names matching %q)", c.Op, c.Old.creator(), c.New.creator(), c.Pattern)
		}
	default: // policy kinds
		s = c.Old.describe() + " -> " + c.New.describe()
	}
	if c.Witness != nil {
		s += ", e.g. " + strconv.Quote(*c.Witness)
	}
	if c.Note != "" {
		s += " (" + c.Note + ")"
	}
	return s
}

func (c Change) scope() string {
	if c.Exact {
		return "every name matching " + c.Pattern
	}
	return "some names matching " + c.Pattern
}

func chosenText(a Answer) string {
	if a.Destination == nil {
		return "no destination"
	}
	return a.Destination.Pattern
}

// describe returns a short text for one side of a change.
func (a Answer) describe() string {
	switch {
	case a.Destination != nil:
		return a.Destination.describe()
	case a.Allowed != nil:
		if *a.Allowed {
			return "allowed"
		}
		return "denied"
	case a.Permissions != nil:
		return "permissions " + boolText(*a.Permissions)
	case a.Policy != nil:
		p := a.Policy
		return fmt.Sprintf("policy %d %q (%s%s)", p.Index, p.Pattern, p.NodeType, opsText(p.Publish, p.Consume))
	}
	return "none"
}

// creator describes the policy of an AutoCreate answer: what the node
// gets.
func (a Answer) creator() string {
	if a.Policy == nil {
		return "none"
	}
	return fmt.Sprintf("policy %d %q (%s %s)", a.Policy.Index, a.Policy.Pattern, a.Policy.NodeType, a.Policy.Attributes)
}

func (d *Dest) describe() string {
	return strings.Join(d.fields(), ", ")
}

// fields are the destination's store, cluster, properties and ACL.
func (d *Dest) fields() []string {
	props, acl := []byte("{}"), []byte("{}")
	if d.Properties != nil {
		props, _ = json.Marshal(d.Properties) // sorted keys
	}
	if d.ACL != nil {
		acl, _ = json.Marshal(d.ACL)
	}
	return []string{"store " + unset(d.Store), "cluster " + unset(d.Cluster), "properties " + string(props), "acl " + string(acl)}
}

// destDelta describes the fields that differ, as "name old -> new".
func destDelta(o, n *Dest) string {
	of, nf := o.fields(), n.fields()
	var parts []string
	for i := range of {
		if of[i] != nf[i] {
			_, was, _ := strings.Cut(of[i], " ")
			parts = append(parts, nf[i][:strings.Index(nf[i], " ")]+" "+was+" -> "+nf[i][strings.Index(nf[i], " ")+1:])
		}
	}
	return strings.Join(parts, ", ")
}

func unset(s *string) string {
	if s == nil {
		return "unset"
	}
	return strconv.Quote(*s)
}

func opsText(pub, con bool) string {
	switch {
	case pub && con:
		return ", on publish and consume"
	case pub:
		return ", on publish"
	case con:
		return ", on consume"
	}
	return ", never"
}

// Thousands formats n with commas between groups of three digits.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + Thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
