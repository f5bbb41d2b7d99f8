package jgen

// This file holds Options.MarshalerEscaping: the escaping WriteValue
// applies to the strings inside MarshalJSON output and json.RawMessage.

// validateMarshalerEscaping checks Options.MarshalerEscaping.
func (o *Options) validateMarshalerEscaping() error {
	if o.MarshalerEscaping == nil {
		return nil
	}
	if err := o.MarshalerEscaping.Validate(); err != nil {
		// Escaping.X becomes Options.MarshalerEscaping.X.
		oe := err.(*OptionsError)
		return &OptionsError{"Options.Marshaler" + oe.Option, oe.Reason}
	}
	return nil
}

// writeMarshalerOutput writes the output of a MarshalJSON method by the
// raw-value rule (writeRaw), under Options.MarshalerEscaping when it is
// set and under the generator's escaping otherwise.
func (g *Generator) writeMarshalerOutput(b []byte) error {
	if g.opts.MarshalerEscaping == nil {
		return g.writeRaw("MarshalJSON output", b)
	}
	saved := g.esc
	g.esc = g.mx
	err := g.writeRaw("MarshalJSON output", b)
	g.esc = saved
	return err
}
