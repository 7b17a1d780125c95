// Package startup is the window Tablekeeper shows when it cannot open its
// database at start: a desktop icon that does nothing would leave the
// organizer guessing, so each bad start says what is wrong, what to do,
// and offers the one action that fits (create the database, or quit).
package startup

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Problem is what the window says.
type Problem struct {
	// Title is the window's heading ("Tablekeeper cannot open its database").
	Title string
	// Message says what is wrong, naming the file.
	Message string
	// Advice says what to do about it.
	Advice string
	// Create, when set, offers to create a new database (the file is
	// missing): it is called when the organizer chooses to.
	Create func()
}

// Show makes the window for p on a, with Enter on the default action and
// Esc or closing the window to quit; the caller shows it and runs the app.
// It is not the master window: once a database is created the main window
// takes over and this one closes.
func Show(a fyne.App, p Problem) fyne.Window {
	w := a.NewWindow("Tablekeeper")
	w.SetContent(Content(p, w, a.Quit))
	w.Resize(fyne.NewSize(620, 300))
	w.CenterOnScreen()
	return w
}

// Content builds the window's content; quit closes the app.
func Content(p Problem, w fyne.Window, quit func()) fyne.CanvasObject {
	title := &widget.Label{Text: p.Title, TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText, Wrapping: fyne.TextWrapWord}
	msg := &widget.Label{Text: p.Message, Wrapping: fyne.TextWrapWord}
	advice := &widget.Label{Text: p.Advice, Wrapping: fyne.TextWrapWord}
	quitButton := &widget.Button{Text: "Quit", Icon: theme.CancelIcon(), OnTapped: quit}
	buttons := []fyne.CanvasObject{quitButton}
	def := quit
	if p.Create != nil {
		create := &widget.Button{Text: "Create a new database here", Icon: theme.ContentAddIcon(), Importance: widget.HighImportance}
		create.OnTapped = func() {
			create.Disable()
			p.Create()
		}
		buttons = append([]fyne.CanvasObject{create}, buttons...)
		def = create.OnTapped
	}
	w.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) {
		switch k.Name {
		case fyne.KeyReturn, fyne.KeyEnter:
			def()
		case fyne.KeyEscape:
			quit()
		}
	})
	w.SetCloseIntercept(quit)
	icon := widget.NewIcon(theme.ErrorIcon())
	if p.Create != nil {
		icon = widget.NewIcon(theme.QuestionIcon())
	}
	// Wrapped labels ask for the width they are given: the strut keeps
	// the text from folding a word a line before the window has a size.
	strut := canvas.NewRectangle(color.Transparent)
	strut.SetMinSize(fyne.NewSize(520, 0))
	body := container.NewVBox(strut, title, msg, widget.NewSeparator(), advice)
	return container.NewPadded(container.NewBorder(nil, container.NewHBox(layout.NewSpacer(), container.NewHBox(buttons...)), container.NewVBox(icon), nil, body))
}
