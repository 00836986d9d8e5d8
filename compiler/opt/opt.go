// Package opt is the registry of the compiler's optimizations: every way
// in which the code generated for a query departs from the plain
// program, the one that evaluates each filter as the language defines it
// (a find walks the whole subtree, an echo every target, a loop every
// square of its set, a line every start).
//
// Each optimization has a name (as written after `-disable`), a
// paragraph saying which queries it serves, what it assumes and why the
// answers, comments and output cannot change, and the facts it relies
// on. The compiler asks the registry before it takes one (gen.use),
// which both honours the switch (compiler.Options.Disable, `cqlvm run
// -O0`, `-disable NAME`) and records where it fired, which `cqlvm
// disasm` prints. Tests walk Table: each entry must have examples on
// which it fires and on which the program with it switched off gives the
// same answers and output.
package opt

import (
	"fmt"
	"sort"
	"strings"
)

// ID names one optimization.
type ID uint8

const (
	JumpThreading ID = iota
	FusedOps
	GamePrefilter
	OrbitShapes
	FindMemo
	EchoPlyWindow
	EchoSourceFirst
	EchoSameBoard
	EchoAfterSource
	EchoTargetMemo
	LoopDomain
	LoopPrechecks
	LineStartTest
	LineStartInline
	LineStartNeed
	LineAlways
	PathMemo
	PathLinear
	MoveFromPrecheck
	MoveGenCache
	FindPlyBound
	LineViable
	SummaryPrune
	CheapFirst
	FindAnchor
	EchoKeyJoin
	LoopIfDomain
	FindAnchorRelaxed
	LineFirstMatch
	FindCountStop
	NumIDs
)

// Fact is something the compiler proves of a filter that an
// optimization relies on.
type Fact string

const (
	NoEffect      Fact = "no-effect"      // assigns nothing, comments nothing, prints nothing
	PositionOnly  Fact = "position-only"  // depends only on the position and the variables it reads
	GameConstant  Fact = "game-constant"  // depends only on the game's tags, result and number
	NoRebind      Fact = "no-rebind"      // leaves a given variable's value alone
	MonotoneMoves Fact = "monotone-moves" // more moves can only make it hold
	NoSplit       Fact = "no-split"       // a line's pattern has no alternative
	None          Fact = ""
)

// Info is one optimization's entry.
type Info struct {
	Name  string // as written after -disable; kebab-case
	Layer string // "codegen" (chooses the code), "vm" (a flag the machine honours) or "peephole"
	Doc   string // the class of queries it serves, what it assumes, why it is exact
	Facts []Fact
	// Examples are queries on which it fires (the registry test checks
	// that it does, and compares their answers and output with it off).
	Examples []string
}

// Table is the registry, indexed by ID.
var Table = [NumIDs]Info{
	JumpThreading: {
		Name: "jump-threading", Layer: "peephole",
		Doc: "A jump to an unconditional jump goes straight to the final target. " +
			"Only the route between instructions changes; every instruction that runs still runs, in the same order.",
		Examples: []string{"check or mate", "not (check and mate)"},
	},
	FusedOps: {
		Name: "fused-ops", Layer: "peephole",
		Doc: "A frequent sequence of instructions (load a set and test it, compare with a constant, ...) becomes one instruction " +
			"that does the same work without the stack traffic. Each fused op is defined as its sequence, and a test runs both.",
		Examples: []string{"square x in A {x attacks k}", "find mate"},
	},
	GamePrefilter: {
		Name: "game-prefilter", Layer: "codegen",
		Doc: "Top-level conditions that depend only on the game's tags, result and number (`player white \"Carlsen\"`, `result 1-0`) " +
			"are compiled a second time into a test the driver runs once per game, before its moves are played. " +
			"When it fails, no position can match; the body still tests them. Not taken with persistent variables or messages, " +
			"which every game's positions update.",
		Facts:    []Fact{GameConstant, NoEffect},
		Examples: []string{"result 1-0 mate", `player white "Carlsen" check`},
	},
	OrbitShapes: {
		Name: "orbit-shapes", Layer: "codegen",
		Doc: "A transform whose copies are piece patterns on fixed squares (`shift {Kc3 Pe3}`) tests all the copies with one " +
			"pattern match over the board instead of one filter per copy. Each copy is a conjunction of piece-on-square tests, " +
			"which is exactly what the pattern matcher checks.",
		Facts:    []Fact{PositionOnly, NoEffect},
		Examples: []string{"shift {Kc3 Pe3}", "flip {Ka1 Rb1}"},
	},
	FindMemo: {
		Name: "find-memo", Layer: "vm",
		Doc: "A forward find whose body has no effect and depends only on the position it is tested at and on a few variables " +
			"(not strings) fails again at a position where it failed before while those variables keep their values. " +
			"The machine keeps, per game and values, which positions are known to fail and the walk jumps over them " +
			"(path compression), so a find run from every position tests each position once per value. A backward find " +
			"(find <--) walks the ancestors the same way, jumping from a failing position to its parent.",
		Facts:    []Fact{NoEffect, PositionOnly},
		Examples: []string{"x = Q find x attacks k", "find mate", "piece X in [RBQ] find <-- {X & a-h8}"},
	},
	EchoPlyWindow: {
		Name: "echo-ply-window", Layer: "vm",
		Doc: "An echo body with a conjunct bounding the ply difference of target and source (`t:ply == s:ply + 4`), " +
			"with nothing before it that has an effect, fails on targets outside that window: the walk visits only the window.",
		Facts:    []Fact{NoEffect, NoRebind},
		Examples: []string{"echo (s t) {t:ply == s:ply + 4 s:check t:check}"},
	},
	EchoSourceFirst: {
		Name: "echo-source-first", Layer: "codegen",
		Doc: "Conjuncts of an echo body that read only the source (`s:check`) and come before anything with an effect are " +
			"tested once before the walk. When one fails every target fails, so the walk goes to its last target only, " +
			"which leaves the target variable as the full walk would.",
		Facts:    []Fact{NoEffect, NoRebind},
		Examples: []string{"echo (s t) {s:check t:check t:ply > s:ply}"},
	},
	EchoSameBoard: {
		Name: "echo-same-board", Layer: "vm",
		Doc: "An echo body testing that source and target have the same board (`s & t == .`), before anything with an effect, " +
			"fails on any target with another board: the walk skips targets whose board hash differs.",
		Facts:    []Fact{NoEffect, NoRebind},
		Examples: []string{"echo (s t) {s & t == . t:ply > s:ply}"},
	},
	EchoAfterSource: {
		Name: "echo-after-source", Layer: "vm",
		Doc: "An echo body testing that the target comes after the source (`s < t`), before anything with an effect, fails " +
			"on every earlier target: the walk starts after the source and the test is left out of the body.",
		Facts:    []Fact{NoEffect, NoRebind},
		Examples: []string{"echo (s t) {s < t s:check t:mate}"},
	},
	EchoTargetMemo: {
		Name: "echo-target-memo", Layer: "vm",
		Doc: "Leading tests of an echo body that read the target alone (no effect, a function of the target position and of " +
			"variables other than the source and target, none of which the body rebinds) fail at a target again whenever " +
			"they failed there before with the same values of those variables. They are tested first, and the targets that " +
			"fail them are remembered per game and values, so the walks of later sources jump over them; the walk's last " +
			"target is never skipped, so the target variable ends as without the memo. A leading test that also reads the " +
			"source contributes what it needs of the target alone (its target-only parts; for an or, or a transform's " +
			"orbit, what every branch needs): a condition it implies, tested first the same way while the test itself stays.",
		Facts:    []Fact{NoEffect, PositionOnly, NoRebind},
		Examples: []string{"echo (s t) {s < t  t:check  t:ply > s:ply + 10}", "piece Z in [RQ] echo (s t) {Z attacks k  s:check  t:ply == s:ply + 2}", "echo (s t) {s < t  flipvertical {s:Kc1 Kf1}}"},
	},
	EchoKeyJoin: {
		Name: "echo-key-join", Layer: "vm",
		Doc: "Leading tests of an echo body that equate a value at the target with one at the source (`Z == s:W`, " +
			"`t:ply == s:ply`; sets or numbers, no effect before them, the target's side a function of the target position " +
			"and of variables the body leaves alone) fail at every target whose values differ. The target's values, mixed " +
			"into one key, are computed once per game and values of those variables; the walk from each source goes only to " +
			"the targets whose key is the source's, and to its last target, so the target variable ends as without the " +
			"join. The tests stay in the body, so keys that merely collide change nothing. A source whose values fail " +
			"has no target that passes: its walk goes to its last target.",
		Facts:    []Fact{NoEffect, PositionOnly, NoRebind},
		Examples: []string{"piece Z in R piece W in n { echo (s t) { s < t  Z == s:W  W == s:Z } }", "echo (s t) {s < t  #A == s:#a  #a == s:#A  check}"},
	},
	LoopIfDomain: {
		Name: "loop-if-domain", Layer: "codegen",
		Doc: "A square or piece loop whose body is `if C then E` with no else, C without effect and needing something of " +
			"the loop's square alone (as for loop-domain: a game move from it, `y attacks x`, ...), runs the body only on " +
			"the squares that can pass C. On another square C fails, so the body matches having done nothing: the loop's " +
			"value gets those squares without running it, and `square all` is not failed by them. The counting idiom " +
			"`square all x in S {if Y attacks x then n += 1}` then costs one attack set and a visit of the attacked squares.",
		Facts:    []Fact{NoEffect},
		Examples: []string{"Cnt = 0 square all x in a { if [QR] attacks x Cnt += 1 } Cnt >= 5", "#(square x in A { if x attackedby a then comment(\"hit\") }) == 16"},
	},
	LoopDomain: {
		Name: "loop-domain", Layer: "codegen",
		Doc: "A square or piece loop whose body needs something of the loop's square alone (a game move from it, " +
			"a legal or pseudolegal move to it, `y attacks x`, a pin through it) runs only over the squares that can " +
			"pass that test (for `move legal from N to x`, the squares the legal moves from N go to, worked out once " +
			"from the position's moves). On another square the body would fail at that test having changed nothing, " +
			"so the value and effects are the same.",
		Facts: []Fact{NoEffect},
		Examples: []string{"piece X in [QRBN] {line --> move from X --> check}", "square y in A {y attacks k}",
			"square x in a {move legal from N to x}", "square x in (. attackedby K) {move pseudolegal from K to x capture a}"},
	},
	LoopPrechecks: {
		Name: "loop-prechecks", Layer: "codegen",
		Doc: "Tests a loop body needs that do not read the loop variable are made once before the loop: failing there, " +
			"the body fails on every square before changing anything the test reads, so the loop's value is the empty set.",
		Facts:    []Fact{NoEffect},
		Examples: []string{"piece F in [RQ] piece S in [RQB] {line --> move from F --> S attacks k}"},
	},
	LineStartTest: {
		Name: "line-start-test", Layer: "vm",
		Doc: "A line whose pattern can only start with one constituent that only tests is refused at once at a start where " +
			"that constituent fails, without starting the search (which would test it first and fail).",
		Facts:    []Fact{NoEffect},
		Examples: []string{"line --> check --> not check --> check"},
	},
	LineStartInline: {
		Name: "line-start-inline", Layer: "codegen",
		Doc: "The start test of line-start-test is made in the caller's code rather than in a subroutine the machine calls, " +
			"when it gives the same answer there: no comment, no move filter the caller's linearization could restrict, " +
			"no `from` or `to`.",
		Facts:    []Fact{NoEffect},
		Examples: []string{"line --> check --> check"},
	},
	LineStartNeed: {
		Name: "line-start-need", Layer: "codegen",
		Doc: "A line's start constituent that depends on the move the line goes on with (`line --> move from F --> ...`) " +
			"cannot hold for one move when it holds for none: it is tested first with every move of the position, and a " +
			"start failing it is refused without the search.",
		Facts:    []Fact{NoEffect, MonotoneMoves},
		Examples: []string{"piece F in [RQ] line --> move from F --> check"},
	},
	LineAlways: {
		Name: "line-always", Layer: "vm",
		Doc:      "A line constituent `.` or `true` holds at every position: the search takes it as held without running it.",
		Examples: []string{"line --> . --> check --> . --> mate"},
	},
	PathMemo: {
		Name: "path-memo", Layer: "vm",
		Doc: "A path whose constituents change no variables reaches the same states from a (state, position) pair " +
			"whichever way it got there: the search remembers the pairs it has explored and does not explore them again.",
		Facts:    []Fact{NoEffect},
		Examples: []string{"path check -- -- check"},
	},
	PathLinear: {
		Name: "path-linear", Layer: "vm",
		Doc: "A path or line pattern with no alternative (no `|`, `*`, `+`, `?` or range) is matched by one walk " +
			"along the tree instead of the general state-set search.",
		Facts:    []Fact{NoSplit},
		Examples: []string{"path -- check -- check"},
	},
	MoveFromPrecheck: {
		Name: "move-from-precheck", Layer: "codegen",
		Doc: "A move filter over the game's moves whose to or capture set is costly to work out first checks that a game " +
			"move leaves from its from squares; with none, the filter fails without working out the set.",
		Facts:    []Fact{NoEffect},
		Examples: []string{"find {move from P to up 1 P}"},
	},
	MoveGenCache: {
		Name: "move-gen-cache", Layer: "vm",
		Doc: "A move filter over generated moves (legal or pseudolegal) copies the moves of the position from a small " +
			"cache of the last positions' moves instead of generating them again: they are a function of the position " +
			"alone, and a loop around such a filter (square x in a {move legal from N to x}) asks for the same " +
			"position's moves once per square. It copies only the moves whose squares can pass the filter's from and to " +
			"sets (and castling moves, which may pass by the rook's squares): the others fail the filter's test of squares.",
		Facts:    []Fact{PositionOnly},
		Examples: []string{"square x in a {move legal from N to x}", "piece X in [RB] {#(move pseudolegal from X) == 0}"},
	},
	FindPlyBound: {
		Name: "find-ply-bound", Layer: "vm",
		Doc: "A forward find whose body tests, before anything with an effect, an upper bound on the ply (`ply <= 40`, " +
			"`ply - Start <= 5` with a variable the body leaves alone) fails at every position beyond it, and at every " +
			"position of such a position's subtree, whose plies are greater: the walk skips those subtrees. The bound is " +
			"worked out once as the walk starts; an unbound variable in it leaves the walk whole.",
		Facts:    []Fact{NoEffect, NoRebind},
		Examples: []string{"Here = ply find all {check ply - Here <= 5} >= 2", "find {mate ply <= 40}"},
	},
	LineViable: {
		Name: "line-viable", Layer: "vm",
		Doc: "A forward line whose constituents have no effect but the comments its search drops, and read at most a " +
			"few variables (a table is kept per game for each of their values: a line in a piece loop has one per piece), " +
			"is refused at once at a start from which no match exists. For each game the machine works out, in one sweep " +
			"from the last positions back, the states of the line's automaton from which a match can be completed at " +
			"each position: a state's constituent is tested at a position only when the position the line goes on to " +
			"can complete the match from the state after it (and once per constituent, position and move). A start is " +
			"searched only when the start's states meet that set, and the search then finds the match it finds without " +
			"this; a refused start is one where the search would find nothing and change nothing. A line tried from " +
			"every position (`line --> .{2,9} --> not check --> move promote [RBN]`) then costs about one test per " +
			"position and state instead of a search from each. A game's table is swept only once the searches made without " +
			"it cost about as much, and made on average a test per state or more (short searches cost less than the " +
			"sweep); a table that refuses too few starts to pay for itself is given up for the rest of the run, and so are " +
			"the tables of a line with variables when none was built in its first starts (looking its values up at every " +
			"start would cost without refusing any).",
		Facts: []Fact{NoEffect, PositionOnly},
		Examples: []string{"line --> .{2,9} --> not check --> move promote [RBN]", "line --> check --> .{1,5} --> mate", "flipcolor {line --> move capture . --> (check --> not check)+}", "line singlecolor --> check{2,} --> mate", "{line primary --> move capture . --> check} >= 2",
			"piece X in [RQ] {line --> move to . from X --> . --> move from X check}"},
	},
	SummaryPrune: {
		Name: "summary-prune", Layer: "codegen",
		Doc: "The filters the body requires at a matching position that are piece counts (`Q>=2`, `[Rr]==2`, `not Q`, " +
			"pawns on one file `[Pp]a1-8>=5`), check, mate, stalemate, a ply from below, a promotion, null move or castling " +
			"of a game move (`move promote N`), a whole board (`fen \"FEN\"` of every square, as -fen writes it, or " +
			"designators that place a piece or nothing on every square), and the and, or, " +
			"find and line (the constituents it must match) of such filters, each need some position or move of the game to have a property that the game's " +
			"summary in a game store records for the positions the search visits (the smallest and largest count of each " +
			"piece, the promotions, checks, mates, ...; a board, its position index). Their conjunction is the program's need; a run over a store skips " +
			"the games whose summary fails it without reading their moves, since none of their positions can match. Any " +
			"other filter needs nothing, so the need is necessary for every query. Not taken with persistent variables, " +
			"messages, files written or assertions, which a skipped game's positions would update or print.",
		Facts:    []Fact{NoEffect},
		Examples: []string{"Q>=2 q>=2", "move promote N", "mate", "find check or stalemate", `fen "8/8/8/8/8/8/k7/K7"`},
	},
	CheapFirst: {
		Name: "cheap-first", Layer: "codegen",
		Doc: "The filters of a conjunction (a compound, an and, the query's top level) are tested cheapest first: a " +
			"filter that only tests and is cheap (it looks at the board, the tags or the move played, or at most " +
			"generates the position's moves) is tested before the costlier filters written ahead of it (loops, " +
			"searches; within one class, filters estimated to do more work, such as counting attacks before a piece " +
			"test or a transform of a few members), when those can be skipped. Where the cheap filter fails the conjunction fails, and a skipped " +
			"filter would have changed nothing that outlives the failure: it only tests, or binds the variable of a " +
			"loop that nothing outside the loop reads, or (at the top level, whose failed position's comments are " +
			"dropped) comments. A compound's last filter gives its value, so one tested early is evaluated again at " +
			"the end. The classes and the work estimate come from one table (compiler/cost_table.go); they only decide an order.",
		Facts: []Fact{NoEffect},
		Examples: []string{"square x in a {move legal from N to x} move from k to .", "{line --> check --> . --> check} mate",
			"piece X in [QR] {find 1 10 {X attacks k}} check", "#(A attacks _) >= 4 fliphorizontal {Ka1 qb3}"},
	},
	FindAnchor: {
		Name: "find-anchor", Layer: "vm",
		Doc: "A find whose body tests, before anything it does, a conjunct that reads only the position (no variable, " +
			"no move a line's linearization could restrict, no search or loop: `mate` in `find {mate k == Here}`) " +
			"walks from one position where that conjunct holds to the next, in the subtree (or, with <--, among the " +
			"ancestors): at the others the body fails at that test having changed nothing. The positions where it " +
			"holds are found once per game, one test at each position (after a few walks of the game, so that a find " +
			"tried at few positions does not pay for it), and kept as the next one at or after each position and the " +
			"nearest ancestor. A find tried from every position then visits the positions that can match instead of " +
			"the whole subtree. An anchor that holds at more than 7 in 8 of the first 4,096 positions it is tested at skips " +
			"too little to pay for its tests, and is given up for the rest of the run.",
		Facts:    []Fact{NoEffect, PositionOnly},
		Examples: []string{"Here = q find {mate k == Here}", "piece X in [Qq] find {check X attacks k}", "Start = ply find <-- {stalemate ply < Start}"},
	},
	FindAnchorRelaxed: {
		Name: "find-anchor-relaxed", Layer: "codegen",
		Doc: "A find whose body tests, before anything it does, a conjunct that would anchor the walk as for find-anchor " +
			"but for the piece variables it reads (`E attacks k`, `move from X capture A`, `pin from X` in a piece loop) " +
			"is anchored on that conjunct with each such variable as every square its piece can stand on: the pieces of " +
			"the colors of the set of its innermost loop (an identity keeps its color but not its type: a pawn promotes, " +
			"and a backward find sees the pawn a queen was; any piece when the variable is also assigned or the loop's set " +
			"is not a piece designator) and the empty squares. The variable appears only " +
			"where more squares can only make the conjunct hold (an operand of &, |, attacks, attackedby, pin, a move's " +
			"from, to or capture, x--y), so at a position where the relaxed conjunct fails the conjunct fails for every " +
			"value of the variables, and the body fails there having changed nothing. The relaxed conjunct reads the " +
			"position alone: one table per game serves every value of the loop, and a find tried for each piece walks the " +
			"positions that can match instead of the whole subtree.",
		Facts: []Fact{NoEffect, PositionOnly},
		Examples: []string{"initial piece E in [QRBNK] find {E attacks k}", "piece X in [Pp] find {pin from X}",
			"piece X in [RQ] find all {move from X capture a}"},
	},
	LineFirstMatch: {
		Name: "line-first-match", Layer: "vm",
		Doc: "A forward line whose pattern has no alternative (no `|`, `*`, `+`, `?` or range: `line --> not check --> " +
			"move promote A --> check`), not singlecolor, and whose constituents do nothing but comment, is searched by one " +
			"depth-first walk along the game tree that stops at its first match, with no state sets, no table of the " +
			"constituents tested and no arena of threads. Every match of such a pattern has one position per constituent, " +
			"so the first match found is the longest, the one the general search keeps (it keeps the first of the longest); " +
			"the tests it would make after it change nothing but comments, which the search drops. A walk of a tree reaches " +
			"each (constituent, position) once, so nothing needs remembering.",
		Facts:    []Fact{NoSplit, NoEffect},
		Examples: []string{"line --> check --> not check --> check", "piece X in [QRBN] {line --> X-- --> move from ~X --> X--}"},
	},
	FindCountStop: {
		Name: "find-count-stop", Layer: "codegen",
		Doc: "A find with a range whose upper bound is a number (`find 1 10 {...}`) fails as soon as it has counted one " +
			"position past that bound, instead of walking the rest of the game: more positions can only raise the count. " +
			"Exact when the body only tests (it assigns nothing the rest of the walk would), and the run drops the comments " +
			"of a filter that fails, as every run does but one keeping them (-alwayscomment): the comments the find made, " +
			"its \"Found k of n\" whose n it did not count among them, are dropped with its failure.",
		Facts:    []Fact{NoEffect},
		Examples: []string{"Here = #[Aa] find 1 10 {#[Aa] < Here wtm}", "not find quiet 0 3 check"},
	},
}

func (id ID) String() string {
	if id < NumIDs {
		return Table[id].Name
	}
	return fmt.Sprintf("opt(%d)", id)
}

// Set is a set of optimizations (compiler.Options.Disable: those
// switched off).
type Set uint64

// All is every optimization.
const All Set = 1<<NumIDs - 1

// Has reports whether id is in s.
func (s Set) Has(id ID) bool { return s&(1<<id) != 0 }

// With is s with id added.
func (s Set) With(id ID) Set { return s | 1<<id }

// Lookup finds an optimization by name.
func Lookup(name string) (ID, bool) {
	for id := range NumIDs {
		if Table[id].Name == name {
			return id, true
		}
	}
	return 0, false
}

// Parse reads a comma-separated list of names, or "all", as given to
// -disable; the error names the unknown word and lists the known ones.
func Parse(list string) (Set, error) {
	var s Set
	for _, w := range strings.Split(list, ",") {
		w = strings.TrimSpace(w)
		switch w {
		case "":
			continue
		case "all":
			s = All
			continue
		}
		id, ok := Lookup(w)
		if !ok {
			return 0, fmt.Errorf("no optimization is called %q; the optimizations are: %s (or all)", w, strings.Join(Names(), ", "))
		}
		s = s.With(id)
	}
	return s, nil
}

// Names lists every optimization's name, sorted.
func Names() []string {
	names := make([]string, 0, NumIDs)
	for id := range NumIDs {
		names = append(names, Table[id].Name)
	}
	sort.Strings(names)
	return names
}

// String lists the names in s in registry order.
func (s Set) String() string {
	var names []string
	for id := range NumIDs {
		if s.Has(id) {
			names = append(names, Table[id].Name)
		}
	}
	return strings.Join(names, ",")
}

// Help is the text of `cqlvm help optimizations` and of the README's
// list: every entry with its layer, facts, doc and examples.
func Help() string {
	var b strings.Builder
	b.WriteString("Optimizations of the compiler. Each gives the same answers, comments and output\n" +
		"as the plain program; `cqlvm run -O0` switches them all off, `-disable NAME,...`\n" +
		"some, and `cqlvm disasm` lists those that fired, with where.\n")
	for _, e := range Table {
		fmt.Fprintf(&b, "\n%s (%s", e.Name, e.Layer)
		if len(e.Facts) > 0 {
			var fs []string
			for _, f := range e.Facts {
				fs = append(fs, string(f))
			}
			fmt.Fprintf(&b, "; relies on: %s", strings.Join(fs, ", "))
		}
		b.WriteString(")\n")
		for _, line := range wrap(e.Doc, 76) {
			fmt.Fprintf(&b, "    %s\n", line)
		}
		for _, x := range e.Examples {
			fmt.Fprintf(&b, "    e.g. %s\n", x)
		}
	}
	return b.String()
}

// wrap breaks text into lines of at most width bytes, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
