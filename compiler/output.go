package compiler

import (
	"strings"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Output and annotation: sort, comment, message, str (the text comment
// and message print), settag, removetag and removecomment.

func (c *checker) checkStr(n *syntax.Node) Type {
	c.checkAll(n.Args)
	return TStr
}

func (c *checker) checkComment(n *syntax.Node) Type {
	c.checkAll(n.Args)
	return TLog
}

func (c *checker) checkMessage(n *syntax.Node) Type {
	c.checkAll(n.Args)
	return TLog
}

func (c *checker) checkSetTag(n *syntax.Node) Type {
	if len(n.Args) != 2 {
		c.errorf(n, "'settag' takes a tag name and a value: settag(\"Name\" value)")
		return TLog
	}
	c.checkSetTagName(n.Args[0])
	c.check(n.Args[1])
	return TLog
}

func (c *checker) checkRemoveTag(n *syntax.Node) Type {
	c.expect(n.Args[0], "the tag name", TStr)
	return TLog
}

func (c *checker) checkRemoveComment(n *syntax.Node) Type {
	return TLog
}

func (g *gen) genStr(n *syntax.Node, fail int) {
	g.strArgs(n.Args)
}

func (g *gen) genSetTag(n *syntax.Node, fail int) {
	if g.noSetTag {
		return // -nosettag: settag matches and changes nothing
	}
	g.toText(n.Args[0], fail)
	g.toText(n.Args[1], fail)
	g.emit(vm.OpSetTag, 0, 0, 0)
}

func (g *gen) genRemoveTag(n *syntax.Node, fail int) {
	g.toText(n.Args[0], fail)
	g.emit(vm.OpRemoveTag, 0, 0, 0)
}

func (g *gen) genRemoveComment(n *syntax.Node, fail int) {
	if g.noRemoveComment {
		return // -noremovecomment: removecomment matches and removes nothing
	}
	g.emit(vm.OpRemoveComment, 0, 0, 0)
}

// builtinSetTags are the tags settag may not set (settag.html): the
// game's own description, which the official program writes itself.
var builtinSetTags = map[string]bool{
	"Event": true, "Site": true, "Date": true, "ECO": true, "FEN": true,
	"Round": true, "Result": true, "EventDate": true,
}

// checkSetTagName enforces settag.html: "The first argument must be a
// string literal", not a built-in tag and not beginning with "White" or
// "Black" (the players' tags). The manual spells the names with capitals
// and does not say whether other spellings are allowed; they are.
func (c *checker) checkSetTagName(name *syntax.Node) {
	c.check(name)
	if name.Kind != syntax.KString {
		c.errorf(name, "the tag name of settag must be a string literal, such as settag(\"CustomTag\" value)")
		return
	}
	switch {
	case builtinSetTags[name.Str]:
		c.errorf(name, "settag cannot set the %s tag; it is meant for custom tags", name.Str)
	case strings.HasPrefix(name.Str, "White") || strings.HasPrefix(name.Str, "Black"):
		c.errorf(name, "settag cannot set a tag whose name begins with White or Black (%s)", name.Str)
	}
}

func (c *checker) checkSort(n *syntax.Node) Type {
	t := c.check(n.Args[0])
	switch t {
	case TNum, TSet, TStr:
	case TUnknown:
	default:
		c.errorf(n.Args[0], "sort needs a numeric, set or string filter, not a %s filter", t)
	}
	// sorts with one documentation string share a key; an undocumented
	// sort is a key of its own (<sort-id-N>), shared only by its copies
	// under transforms and function calls, which keep its span
	key := -1
	for i, k := range c.sorts {
		if k.Doc == n.Str && (n.Str != "" || c.sortAt[i] == n.Span) {
			key = i
		}
	}
	if key < 0 {
		c.sorts = append(c.sorts, vm.SortKey{Doc: n.Str, Min: n.Flags&syntax.FlagMin != 0,
			Quiet: n.Flags&syntax.FlagQuiet != 0, Str: t == TStr})
		c.sortAt = append(c.sortAt, n.Span)
		key = len(c.sorts) - 1
	}
	c.setSlot(n, key)
	if t == TSet {
		return TNum
	}
	return t
}

// genSort records its argument's value for the game's sort key.
func (g *gen) genSort(n *syntax.Node, fail int) {
	mark := g.slots.new()
	g.emit(vm.OpMarkComments, 0, mark, 0)
	g.numOrStr(n.Args[0], fail)
	if g.typeOf(n.Args[0]) == TStr {
		g.emit(vm.OpSortValueStr, 0, g.slotOf(n), int32(mark))
	} else {
		g.emit(vm.OpSortValue, 0, g.slotOf(n), int32(mark))
	}
}

// genComment evaluates its arguments, joins their texts and adds the result
// at the current position. A failing argument makes comment fail.
func (g *gen) genComment(n *syntax.Node, fail int) {
	g.strArgs(n.Args)
	g.emit(vm.OpComment, 0, 0, 0)
}

// genMessage emits message: the text of its arguments, printed after the
// current position and game number, or alone under quiet (message.html).
func (g *gen) genMessage(n *syntax.Node, fail int) {
	g.strArgs(n.Args)
	quiet := uint8(0)
	if n.Flags&syntax.FlagQuiet != 0 {
		quiet = 1
	}
	g.emit(vm.OpMessage, quiet, 0, 0)
}

// strArgs pushes the texts of the arguments of str, comment or message,
// joined into one string.
func (g *gen) strArgs(args []*syntax.Node) {
	for _, a := range args {
		g.argText(a)
	}
	if len(args) != 1 {
		g.emit(vm.OpConcat, 0, len(args), 0)
	}
}

// argText pushes the text of one argument of str, comment or message.
// Those filters always match (str.html, comment.html): an argument that
// fails to match prints as <false>, and a matching one without a value as
// <true>. The comments a failed argument made are dropped with it.
func (g *gen) argText(a *syntax.Node) {
	failed := g.newLabel()
	mark := g.markComments(a)
	g.value(a, failed)
	if g.typeOf(a) == TLog {
		g.emit(vm.OpPushStr, 0, 0, g.strConst("<true>"))
	} else {
		g.valueText(a)
	}
	if len(g.labels[failed].refs) == 0 {
		return // a cannot fail
	}
	done := g.newLabel()
	g.jump(vm.OpJump, 0, 0, done)
	g.bind(failed)
	g.truncComments(mark)
	g.emit(vm.OpPushStr, 0, 0, g.strConst("<false>"))
	g.bind(done)
}

// toText pushes the text of a value as comments print it.
func (g *gen) toText(a *syntax.Node, fail int) {
	g.value(a, fail)
	g.valueText(a)
}

// valueText turns the value of a, just computed, into its text; a
// logical filter has none and leaves the empty string.
func (g *gen) valueText(a *syntax.Node) {
	switch {
	case a.Kind == syntax.KVar && a.Flags&syntax.FlagPieceVar != 0:
		g.emit(vm.OpToStr, vm.TypePiece, 0, 0)
		return
	}
	switch g.typeOf(a) {
	case TSet:
		g.emit(vm.OpToStr, vm.TypeSet, 0, 0)
	case TNum:
		g.emit(vm.OpToStr, vm.TypeNum, 0, 0)
	case TPos:
		g.emit(vm.OpToStr, vm.TypePos, 0, 0)
	case TStr:
	default:
		g.emit(vm.OpPushStr, 0, 0, g.strConst(""))
	}
}
