package schema

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// validator checks a JSON value against a JSON Schema, supporting exactly
// the keywords this package's schema uses. Any other keyword is an error,
// so that growing the schema cannot make the tests silently check less.
type validator struct {
	root map[string]any
	errs []string
}

// annotations are keywords that do not constrain values.
var annotations = []string{"$schema", "$defs", "title", "description", "default", "examples"}

func (v *validator) errorf(path, format string, args ...any) {
	v.errs = append(v.errs, path+": "+fmt.Sprintf(format, args...))
}

func (v *validator) validate(s map[string]any, x any, path string) {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys) // deterministic error order
	for _, k := range keys {
		v.keyword(k, s[k], s, x, path)
	}
}

func (v *validator) keyword(k string, arg any, s map[string]any, x any, path string) {
	switch k {
	case "$ref":
		name, ok := strings.CutPrefix(arg.(string), "#/$defs/")
		def, found := v.root["$defs"].(map[string]any)[name].(map[string]any)
		if !ok || !found {
			v.errorf(path, "unresolvable $ref %v", arg)
			return
		}
		v.validate(def, x, path)
	case "type":
		v.checkType(arg, x, path)
	case "properties", "additionalProperties", "required":
		v.object(k, arg, s, x, path)
	case "items":
		if a, ok := x.([]any); ok {
			for i, e := range a {
				v.validate(arg.(map[string]any), e, fmt.Sprintf("%s[%d]", path, i))
			}
		}
	case "uniqueItems":
		if a, ok := x.([]any); ok && arg == true {
			seen := map[string]bool{}
			for _, e := range a {
				b, _ := json.Marshal(e)
				if seen[string(b)] {
					v.errorf(path, "duplicate item %s", b)
				}
				seen[string(b)] = true
			}
		}
	case "minLength", "maxLength", "pattern":
		v.str(k, arg, x, path)
	default:
		if !slices.Contains(annotations, k) {
			v.errorf(path, "validator does not support keyword %q", k)
		}
	}
}

func jsonType(x any) string {
	switch x.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

func (v *validator) checkType(arg, x any, path string) {
	var types []string
	switch t := arg.(type) {
	case string:
		types = []string{t}
	case []any:
		for _, e := range t {
			types = append(types, e.(string))
		}
	}
	got := jsonType(x)
	if !slices.Contains(types, got) && !(got == "number" && slices.Contains(types, "integer") && x.(float64) == float64(int64(x.(float64)))) {
		v.errorf(path, "%s is not of type %s", got, strings.Join(types, " or "))
	}
}

func (v *validator) object(k string, arg any, s map[string]any, x any, path string) {
	o, ok := x.(map[string]any)
	if !ok {
		return
	}
	props, _ := s["properties"].(map[string]any)
	switch k {
	case "properties":
		for name, sub := range props {
			if val, ok := o[name]; ok {
				v.validate(sub.(map[string]any), val, path+"."+name)
			}
		}
	case "required":
		for _, name := range arg.([]any) {
			if _, ok := o[name.(string)]; !ok {
				v.errorf(path, "missing required key %q", name)
			}
		}
	case "additionalProperties":
		for name, val := range o {
			if _, ok := props[name]; ok {
				continue
			}
			switch a := arg.(type) {
			case bool:
				if !a {
					v.errorf(path, "key %q is not allowed", name)
				}
			case map[string]any:
				v.validate(a, val, path+"."+name)
			}
		}
	}
}

func (v *validator) str(k string, arg, x any, path string) {
	s, ok := x.(string)
	if !ok {
		return
	}
	switch n := utf8.RuneCountInString(s); k {
	case "minLength":
		if n < int(arg.(float64)) {
			v.errorf(path, "%q is shorter than %v", s, arg)
		}
	case "maxLength":
		if n > int(arg.(float64)) {
			v.errorf(path, "%q is longer than %v", s, arg)
		}
	case "pattern":
		if !regexp.MustCompile(arg.(string)).MatchString(s) {
			v.errorf(path, "%q does not match %s", s, arg)
		}
	}
}

// validateJSON validates a JSON document against the schema.
func validateJSON(schema, doc []byte) ([]string, error) {
	var root map[string]any
	if err := json.Unmarshal(schema, &root); err != nil {
		return nil, err
	}
	var x any
	if err := json.Unmarshal(doc, &x); err != nil {
		return nil, err
	}
	v := &validator{root: root}
	v.validate(root, x, "$")
	return v.errs, nil
}
