package jgen

// EncodedName is a name quoted and escaped once, to be written many times
// (jackson-core's SerializedString). It records the Escaping it was made
// with: written by a Generator whose escaping is the same (==), its bytes
// are copied as they are; under any other escaping the name is encoded
// again on the fly, without allocating, so it is never written with stale
// escaping. An EncodedName is immutable and safe for concurrent use. Make
// one with NewEncodedName: the zero EncodedName holds no encoded name, and
// [Generator.WriteEncodedName] refuses it.
type EncodedName struct {
	name   string
	esc    Escaping
	quoted []byte
}

// NewEncodedName encodes name under e. It returns an [*OptionsError] if e is
// not valid, and a [*UTF8Error] if name holds invalid UTF-8 under the
// InvalidUTF8Error policy.
func NewEncodedName(name string, e Escaping) (*EncodedName, error) {
	q, err := e.AppendQuote(nil, name)
	if err != nil {
		return nil, err
	}
	return &EncodedName{name: name, esc: e, quoted: q}, nil
}

// Name returns the name as given, unescaped.
func (n *EncodedName) Name() string { return n.name }

// Escaping returns the escaping the name was encoded with.
func (n *EncodedName) Escaping() Escaping { return n.esc }

// AppendQuoted appends the encoded name, quote chars included, to dst and
// returns the extended slice.
func (n *EncodedName) AppendQuoted(dst []byte) []byte { return append(dst, n.quoted...) }

// WriteEncodedName writes n as the name of the next member of the current
// object: its encoded bytes if n was made with the generator's current
// escaping, otherwise n.Name() encoded again under the current escaping.
// It returns a [*SyntaxError] outside an object or right after another name,
// and, when n must be encoded again, a [*UTF8Error] if its name holds invalid
// UTF-8 under the current InvalidUTF8Error policy. A nil n, and a zero
// EncodedName (one not made by NewEncodedName, which holds no encoded
// bytes), are refused with an [*OptionsError], writing nothing.
func (g *Generator) WriteEncodedName(n *EncodedName) error {
	if n == nil {
		return g.note(&OptionsError{"EncodedName", "must not be nil"})
	}
	if n.quoted == nil {
		return g.note(&OptionsError{"EncodedName", "must be made by NewEncodedName, not the zero value"})
	}
	if n.esc != g.esc.escaping {
		return g.WriteName(n.name)
	}
	return g.note(g.writeEncodedName(n))
}

func (g *Generator) writeEncodedName(n *EncodedName) error {
	if err := g.beginName(); err != nil {
		return err
	}
	g.out.buf = g.appendPrefix(g.out.buf, true)
	if err := g.appendRaw(n.quoted); err != nil {
		return err
	}
	g.state.nameDone()
	return nil
}
