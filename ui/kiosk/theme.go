package kiosk

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// The kiosk's colours: light text on a near-black ground, bright accents,
// the same whatever the organizer's theme, so the screen reads well from a
// step away and under shop lighting.
var (
	ground      = color.NRGBA{R: 0x0b, G: 0x0f, B: 0x14, A: 0xff}
	ink         = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	dimInk      = color.NRGBA{R: 0xb0, G: 0xbe, B: 0xc5, A: 0xff}
	accent      = color.NRGBA{R: 0x4f, G: 0xc3, B: 0xf7, A: 0xff}
	red         = color.NRGBA{R: 0xff, G: 0x6e, B: 0x6e, A: 0xff}
	amber       = color.NRGBA{R: 0xff, G: 0xc4, B: 0x00, A: 0xff}
	green       = color.NRGBA{R: 0x69, G: 0xf0, B: 0xae, A: 0xff}
	buttonFill  = color.NRGBA{R: 0x26, G: 0x32, B: 0x38, A: 0xff}
	inputFill   = color.NRGBA{R: 0x16, G: 0x1d, B: 0x24, A: 0xff}
	inputBorder = color.NRGBA{R: 0x90, G: 0xa4, B: 0xae, A: 0xff}
	darkInk     = color.NRGBA{R: 0x0b, G: 0x0f, B: 0x14, A: 0xff}
)

// bigTheme is the kiosk's theme: the default theme's shapes with about
// twice the text size, larger padding and high-contrast colours, so every
// control is a comfortable touch target. text is the body text size,
// which every other size follows: the screens use textSize, the footer
// footerSize, the deck check's sentences issueSize.
type bigTheme struct {
	text float32
	// heading is the heading's size in body sizes; 0 is the usual 1.75.
	heading float32
}

const (
	// textSize is the kiosk's body text, twice the default theme's.
	textSize = 28
	// footerSize is the footer's text (the key hints and the Organizer
	// button): readable but unobtrusive.
	footerSize = 17
	// tableNumberScale is the table number's size on the "find my table"
	// screen, in body sizes: about 100 px, read from a few steps away.
	tableNumberScale = 3.5
)

// Color implements fyne.Theme.
func (bigTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	if c, ok := surfaceColor(n); ok {
		return c
	}
	if c, ok := inkColor(n); ok {
		return c
	}
	return theme.DefaultTheme().Color(n, theme.VariantDark)
}

// surfaceColor is the kiosk's colour for what text is drawn on.
func surfaceColor(n fyne.ThemeColorName) (color.Color, bool) {
	switch n {
	case theme.ColorNameBackground, theme.ColorNameOverlayBackground, theme.ColorNameMenuBackground:
		return ground, true
	case theme.ColorNameButton:
		return buttonFill, true
	case theme.ColorNameDisabledButton:
		return color.NRGBA{R: 0x1a, G: 0x22, B: 0x28, A: 0xff}, true
	case theme.ColorNameInputBackground:
		return inputFill, true
	case theme.ColorNameInputBorder:
		return inputBorder, true
	case theme.ColorNameFocus:
		return color.NRGBA{R: 0x4f, G: 0xc3, B: 0xf7, A: 0x80}, true
	case theme.ColorNameHover:
		return color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0x20}, true
	case theme.ColorNamePressed:
		return color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0x40}, true
	case theme.ColorNameSelection:
		return color.NRGBA{R: 0x4f, G: 0xc3, B: 0xf7, A: 0x60}, true
	case theme.ColorNameSeparator:
		return color.NRGBA{R: 0x37, G: 0x47, B: 0x4f, A: 0xff}, true
	case theme.ColorNameScrollBar:
		return color.NRGBA{R: 0xb0, G: 0xbe, B: 0xc5, A: 0x99}, true
	}
	return nil, false
}

// inkColor is the kiosk's colour for text and what stands for it.
func inkColor(n fyne.ThemeColorName) (color.Color, bool) {
	switch n {
	case theme.ColorNameForeground, theme.ColorNameForegroundOnError:
		return ink, true
	case theme.ColorNameForegroundOnPrimary, theme.ColorNameForegroundOnSuccess, theme.ColorNameForegroundOnWarning:
		return darkInk, true
	case theme.ColorNamePrimary, theme.ColorNameHyperlink:
		return accent, true
	case theme.ColorNameDisabled:
		return color.NRGBA{R: 0x6b, G: 0x7b, B: 0x84, A: 0xff}, true
	case theme.ColorNamePlaceHolder:
		return dimInk, true
	case theme.ColorNameError:
		return red, true
	case theme.ColorNameWarning:
		return amber, true
	case theme.ColorNameSuccess:
		return green, true
	}
	return nil, false
}

// Font implements fyne.Theme.
func (bigTheme) Font(s fyne.TextStyle) fyne.Resource { return theme.DefaultTheme().Font(s) }

// Icon implements fyne.Theme.
func (bigTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return theme.DefaultTheme().Icon(n) }

// Size implements fyne.Theme.
func (t bigTheme) Size(n fyne.ThemeSizeName) float32 {
	f := t.text / theme.DefaultTheme().Size(theme.SizeNameText)
	switch n {
	case theme.SizeNameText:
		return t.text
	case theme.SizeNameHeadingText:
		if t.heading > 0 {
			return t.text * t.heading
		}
		return t.text * 1.75
	case theme.SizeNameSubHeadingText:
		return t.text * 1.25
	case theme.SizeNameInputBorder:
		return 3
	case theme.SizeNameScrollBar:
		return 16
	case theme.SizeNameScrollBarSmall:
		return 6
	}
	return theme.DefaultTheme().Size(n) * f
}
