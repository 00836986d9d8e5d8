package shard

import (
	"fmt"
	"io"
	"reflect"
	"strings"
)

// The shard tag classifies every field of the options structs whose
// values go into a run's identity (Summary.Query), so that a new option
// must be classified to be added (Unclassified finds one that is not):
//
//	shard:"same"          every part of a merge must have the same value:
//	                      it shapes what a part holds
//	shard:"free: reason"  parts may differ in it; the reason says why
//	                      that cannot change what is merged
//
// An embedded struct's fields are classified in their own struct. A field
// without a tag counts as "same": forgetting one refuses a merge rather
// than merging parts that do not belong together.
const (
	tagKey  = "shard"
	tagSame = "same"
	tagFree = "free:"
)

// WriteSettings writes to w, for the digest of a run's identity, the name
// and value of every field of the struct v (or of the struct v points to)
// that parts must have the same: those tagged "same" and those without a
// tag. A pointer is written as what it points to, so that two runs with
// the same settings in different memory write the same text.
func WriteSettings(w io.Writer, v any) {
	writeSettings(w, reflect.Indirect(reflect.ValueOf(v)))
}

func writeSettings(w io.Writer, v reflect.Value) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			writeSettings(w, v.Field(i))
			continue
		}
		if strings.HasPrefix(f.Tag.Get(tagKey), tagFree) {
			continue
		}
		fmt.Fprintf(w, "%s=%s\n", f.Name, settingText(v.Field(i)))
	}
}

// settingText is a field's value, a pointer's as the value it points to.
func settingText(v reflect.Value) string {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return "nil"
		}
		v = v.Elem()
	}
	return fmt.Sprintf("%+v", v)
}

// Unclassified lists the fields of the struct type t (and of the structs
// it embeds) whose shard tag is missing, or is neither "same" nor "free:"
// with a reason.
func Unclassified(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, Unclassified(f.Type)...)
			continue
		}
		tag := f.Tag.Get(tagKey)
		reason, free := strings.CutPrefix(tag, tagFree)
		if tag != tagSame && (!free || strings.TrimSpace(reason) == "") {
			out = append(out, t.Name()+"."+f.Name)
		}
	}
	return out
}
