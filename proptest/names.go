package proptest

import (
	"strings"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/internal/smallscope"
)

// NameRecipe describes one name to ask about, relative to the config it
// is drawn with: an instance of a pattern, a near miss, an invalid name, a
// sample of a policy, or elements at random. Kind picks which (see
// recipeKinds), Src the destination or policy, Picks the choices made.
type NameRecipe struct {
	Kind  int
	Src   int
	Picks []int
}

const (
	recipeInstance = iota
	recipeNearMiss
	recipeInvalid
	recipeSample
	recipeSampleMiss
	recipeElems
	numRecipes
)

// Name builds the recipe's name for config f.
func (r NameRecipe) Name(f File, policies []Policy) string {
	p := &picker{picks: r.Picks}
	switch wrap(r.Kind, numRecipes) {
	case recipeInstance, recipeNearMiss:
		if len(f.Destinations) == 0 {
			return elemsName(p)
		}
		name := instance(f.Destinations[wrap(r.Src, len(f.Destinations))].Name, p)
		if wrap(r.Kind, numRecipes) == recipeNearMiss {
			name = nearMiss(name, p)
		}
		return name
	case recipeInvalid:
		return InvalidNames[p.next(len(InvalidNames))]
	case recipeSample, recipeSampleMiss:
		if len(policies) == 0 {
			return elemsName(p)
		}
		name := policies[wrap(r.Src, len(policies))].Sample(p)
		if wrap(r.Kind, numRecipes) == recipeSampleMiss {
			name = sampleMiss(name, p)
		}
		return name
	}
	return elemsName(p)
}

// instance replaces each wildcard of a pattern with name elements: one for
// '*', one to three for '>'.
func instance(pattern string, p *picker) string {
	elems := strings.Split(pattern, ".")
	for i, e := range elems {
		switch e {
		case "*":
			elems[i] = nameElems[p.next(len(nameElems))]
		case ">":
			var tail []string
			for range 1 + p.next(3) {
				tail = append(tail, nameElems[p.next(len(nameElems))])
			}
			elems[i] = strings.Join(tail, ".")
		}
	}
	return strings.Join(elems, ".")
}

// nearMiss changes a name by one step that often changes which patterns
// match: one element fewer or more, an element replaced by one no pattern
// has, or a literal lengthened.
func nearMiss(name string, p *picker) string {
	elems := strings.Split(name, ".")
	i := p.next(len(elems))
	switch p.next(5) {
	case 0:
		elems = elems[:len(elems)-1]
	case 1:
		elems = append(elems, nameElems[p.next(len(nameElems))])
	case 2:
		elems[i] = "d"
	case 3:
		elems[i] += "a"
	default:
		elems = append([]string{nameElems[p.next(len(nameElems))]}, elems...)
	}
	return strings.Join(elems, ".")
}

// sampleMiss changes a policy sample by one character, including the
// line terminators that separate Java's `.` from (?s)'s.
func sampleMiss(s string, p *picker) string {
	ins := []string{"\n", "\r", "\u2028", "\u0085", "x", "."}
	i := p.next(len(s) + 1)
	switch p.next(3) {
	case 0:
		return s[:i] + ins[p.next(len(ins))] + s[i:]
	case 1:
		if len(s) > 0 {
			return s[:len(s)-1]
		}
	}
	return s + ins[p.next(len(ins))]
}

func elemsName(p *picker) string {
	var elems []string
	for range 1 + p.next(5) {
		elems = append(elems, nameElems[p.next(len(nameElems))])
	}
	return strings.Join(elems, ".")
}

// InvalidNames are names every function must refuse (AutoCreate excepted:
// any string is a node name), and names at the limits.
var InvalidNames = []string{
	"", ".", "a.", ".a", "a..b", "*", ">", "a.*", "a.>", "a*", "a>b",
	"a\x00b", "a.\xff", "\xe2\x80", "é.a",
	strings.Repeat("a", 249), strings.Repeat("a", 250),
	strings.Repeat("a.", 63) + "a", strings.Repeat("a.", 64) + "a",
	strings.Repeat("b", 127) + ".a", strings.Repeat("b", 128) + ".a",
}

// Enumerate returns every name of 1..maxLen elements over elems, shortest
// first.
func Enumerate(elems []string, maxLen int) []string { return smallscope.Names(elems, maxLen) }

// AllNames returns every name the differential test asks config c about: all
// names of up to depth elements over nameElems, the invalid names, a few
// samples and near misses of every policy, and c's drawn recipes.
func (c Config) AllNames(depth int) []string {
	f := c.File()
	pols := c.acceptedPolicies()
	names := Enumerate(nameElems, depth)
	names = append(names, InvalidNames...)
	for i := range pols {
		for k := range 6 {
			p := &picker{picks: []int{k, i + k, 2*k + 1}}
			s := pols[i].Sample(p)
			names = append(names, s, sampleMiss(s, p))
		}
	}
	for _, r := range c.Names {
		names = append(names, r.Name(f, pols))
	}
	return names
}

// acceptedPolicies are the policies whose pattern the translator accepts:
// those File keeps, so recipe indices refer to the config as loaded.
func (c Config) acceptedPolicies() []Policy {
	var out []Policy
	for _, p := range c.Policies {
		if _, err := javaregex.Translate(p.Pattern()); err == nil {
			out = append(out, p)
		}
	}
	return out
}
