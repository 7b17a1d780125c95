package director

import (
	"reflect"
	"testing"
)

// maxMethods is the most exported methods a service (or the Director)
// may have: past it, a concern is two concerns.
const maxMethods = 25

func TestServicesStaySmall(t *testing.T) {
	d := reflect.TypeOf(&Director{})
	if n := d.NumMethod(); n > maxMethods {
		t.Errorf("Director has %d exported methods, more than %d", n, maxMethods)
	}
	services := 0
	for i := 0; i < d.Elem().NumField(); i++ {
		f := d.Elem().Field(i)
		if !f.IsExported() || f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
			continue
		}
		services++
		if n := f.Type.NumMethod(); n > maxMethods {
			t.Errorf("%s has %d exported methods, more than %d", f.Name, n, maxMethods)
		}
		if n := f.Type.NumMethod(); n == 0 {
			t.Errorf("%s has no exported method", f.Name)
		}
	}
	if services < 10 {
		t.Errorf("the Director has %d services, want the split one (10 or more)", services)
	}
}

func TestServicesShareOneCore(t *testing.T) {
	d := newDirector(&core{})
	v := reflect.ValueOf(d).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !v.Type().Field(i).IsExported() {
			continue
		}
		if f.IsNil() {
			t.Errorf("%s is not wired", v.Type().Field(i).Name)
			continue
		}
		if f.Elem().Field(0).Pointer() != reflect.ValueOf(d.core).Pointer() {
			t.Errorf("%s has its own core", v.Type().Field(i).Name)
		}
	}
	if d.core.dir != d {
		t.Error("the core does not link back to its director")
	}
}
