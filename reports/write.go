package reports

import (
	"fmt"
	"io"

	"github.com/jung-kurt/gofpdf"
)

// printJob is what one PDF report needs from writePDF: the steps every
// Write function takes in the same order, with what differs between them.
type printJob struct {
	// what names the report in errors ("reports: <what>: …").
	what string
	// landscape prints the pages across; plan, when set, overrides it.
	landscape bool
	// check, when set, reports whether the model can be printed; it runs
	// after the paper is known and before anything is drawn.
	check func() error
	// title returns the report's own title; eventName, when set, goes
	// before it ("<event> – <title>").
	title     func() string
	eventName string
	// plan, when set, makes the document and its canvas (a report that
	// chooses its orientation from what it holds).
	plan func(paper, title string) (*gofpdf.Fpdf, *canvas)
	// layout lays the report out on c.
	layout func(c *canvas)
}

// writePDF writes j as PDF to w, or returns an error naming the report
// and writes nothing.
func writePDF(w io.Writer, opt Options, j printJob) error {
	if err := j.write(w, opt); err != nil {
		return fmt.Errorf("reports: %s: %w", j.what, err)
	}
	return nil
}

// write is writePDF without the report's name on the error.
func (j printJob) write(w io.Writer, opt Options) error {
	paper, err := opt.paperSize()
	if err != nil {
		return err
	}
	if j.check != nil {
		if err := j.check(); err != nil {
			return err
		}
	}
	title := j.title()
	if j.eventName != "" {
		title = j.eventName + " – " + title
	}
	var pdf *gofpdf.Fpdf
	var c *canvas
	switch {
	case j.plan != nil:
		pdf, c = j.plan(paper, title)
	case j.landscape:
		pdf = newOrientedDocument("L", paper, title, opt)
		c = newCanvas(pdf, opt.typesetter(pdf))
	default:
		pdf = newDocument(paper, title, opt)
		c = newCanvas(pdf, opt.typesetter(pdf))
	}
	j.layout(c)
	return writeCanvas(w, pdf, c)
}
