package gen

import (
	"fmt"

	"github.com/destgen/destgen/gen/schema"
)

// printSchema is `destgen schema`: the JSON Schema of the native format.
func printSchema(o Options) int {
	if _, err := o.Stdout.Write(schema.JSON()); err != nil {
		fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
		return 2
	}
	return 0
}
