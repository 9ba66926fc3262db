package runtime

// PlanSection is one section of an encoded plan: its name and the bytes
// it takes, head and padding included.
type PlanSection struct {
	Name  string
	Bytes int
}

// PlanSections lists the sections of the encoded plan b with their
// sizes, in order: what a plan is made of (cmd/scale reports the
// largest). It checks b as DecodePlan does, as far as reading the
// sections goes (its header, checksum and section heads).
func PlanSections(b []byte) ([]PlanSection, error) {
	d := &planDecoder{src: aligned(string(b))}
	c, err := d.columns(true)
	if err != nil {
		return nil, err
	}
	fields := c.fields()
	out := make([]PlanSection, len(fields))
	for i, f := range fields {
		end := len(d.src)
		if i+1 < len(fields) {
			end = d.data[i+1] - sectionHeadBytes
		}
		out[i] = PlanSection{Name: f.name, Bytes: end - (d.data[i] - sectionHeadBytes)}
	}
	return out, nil
}
