package config

import (
	"strconv"
	"strings"
)

// label names the value a message is about, such as `destination 3 acl
// publish principal` or `destination 0 property "x"`. It is built on the
// stack and spelled out only when a message is reported: decoding a 100k
// destination config would otherwise build a million strings that it never
// prints.
type label struct {
	head   string           // "destination", "policy", or a whole name ("config")
	index  int              // printed after head, unless negative
	words  [maxWords]string // printed after, in order; the unused ones are ""
	key    string           // a property key, printed quoted after the words
	hasKey bool
}

// maxWords is the most words a label takes after its head: "acl",
// "publish", "principal".
const maxWords = 3

// named returns the label of a value named by a fixed word or phrase.
func named(name string) label { return label{head: name, index: -1} }

// indexed returns the label of the i'th destination or policy.
func indexed(head string, i int) label { return label{head: head, index: i} }

// and returns l followed by word.
func (l label) and(word string) label {
	for i := range l.words {
		if l.words[i] == "" {
			l.words[i] = word
			return l
		}
	}
	panic("config: label " + l.String() + " is longer than maxWords")
}

// property returns l followed by a quoted property key.
func (l label) property(key string) label {
	return l.and("property").keyed(key)
}

// keyed returns l followed by a quoted key.
func (l label) keyed(key string) label {
	l.key, l.hasKey = key, true
	return l
}

func (l label) String() string {
	var b strings.Builder
	b.WriteString(l.head)
	if l.index >= 0 {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(l.index))
	}
	for _, w := range l.words {
		if w != "" {
			b.WriteByte(' ')
			b.WriteString(w)
		}
	}
	if l.hasKey {
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(l.key))
	}
	return b.String()
}
