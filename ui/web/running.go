package web

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/reports"
	"tablekeeper/ui/internal/screen"
	"tablekeeper/ui/web/floods"
)

// Running is the store network while it runs in the background: what
// Start returns to the window's Store network switch and to tablekeeper
// serve.
type Running struct {
	srv    *Server
	cfg    Config
	addr   net.Addr
	served chan error
}

// Address is the store network's first address while a network started
// with it runs, "" otherwise: Start sets it, Stop clears it, and the
// printer reads it (the slips and the pairings sheet print it and its QR
// code). The zero Address is ready to use; a nil one keeps nothing.
type Address struct {
	mu  sync.Mutex
	url string
}

func (a *Address) set(url string) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.url = url
}

// Get is the address, "" while the network is off.
func (a *Address) Get() string {
	if a == nil {
		return ""
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.url
}

// ListenError is an address Start could not listen on. Its message says
// why and what to do in the window's words (a port in use is the usual
// reason: another Tablekeeper, or serve); Err is the listener's error.
type ListenError struct {
	Addr string
	Err  error
}

func (e *ListenError) Error() string { return event.Message(e.Unwrap()) }

// Unwrap is the message as an event.ErrInvalid error.
func (e *ListenError) Unwrap() error {
	_, port, _ := net.SplitHostPort(e.Addr)
	if errors.Is(e.Err, syscall.EADDRINUSE) || strings.Contains(strings.ToLower(e.Err.Error()), "address already in use") ||
		strings.Contains(e.Err.Error(), "Only one usage of each socket address") {
		return event.Invalidf("port %s is already in use on this computer, perhaps by another Tablekeeper or by tablekeeper serve: close that program, or choose another port, then turn the store network on again", port)
	}
	if errors.Is(e.Err, syscall.EACCES) {
		return event.Invalidf("this computer does not let Tablekeeper use port %s: choose a port above 1024, such as 8080, then turn the store network on again", port)
	}
	return event.Invalidf("the store network could not start on port %s (%v): choose another port, or check the computer's network settings", port, e.Err)
}

// Start listens on addr and serves the store network of cfg in the
// background until Stop (or Run's context ends). A failure to listen is
// a *ListenError.
func Start(cfg Config, addr string) (*Running, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, &ListenError{Addr: addr, Err: err}
	}
	srv, err := New(cfg)
	if err != nil {
		_ = l.Close() // the server could not be made: its error is the one to report
		return nil, err
	}
	r := &Running{srv: srv, cfg: cfg, addr: l.Addr(), served: make(chan error, 1)}
	go func() { r.served <- srv.Serve(l) }()
	if urls := r.URLs(); len(urls) > 0 {
		cfg.Address.set(urls[0])
	}
	return r, nil
}

// Alert is the alert of guesses the server counts (floods.Watch).
func (r *Running) Alert(ctx context.Context) (floods.Alert, error) { return r.srv.floods.Alert(ctx) }

// Handler is the running network's handler (what a leader of a cluster
// answers writes a standby forwarded with).
func (r *Running) Handler() http.Handler { return r.srv }

// URLs are the addresses phones reach the network at (ListenURLs): a LAN
// address first when it listens on every interface.
func (r *Running) URLs() []string { return ListenURLs(r.addr) }

// Devices counts the devices with a live page open.
func (r *Running) Devices() int { return r.srv.Devices() }

// QR is a QR code of text as a PNG, size pixels wide.
func (r *Running) QR(text string, size int) ([]byte, error) { return reports.QRPNG(text, size) }

// WritePoster writes the QR poster of event id (0: the event list) on
// paper to path, whole or not at all, never over Config.Database. It says
// its words in the event's print language, else the screens' language, as
// the desk's reports do.
func (r *Running) WritePoster(ctx context.Context, id event.EventID, paper, path string) error {
	urls := r.URLs()
	if len(urls) == 0 {
		return event.Statef("the store network has no address to print; turn it off and on again")
	}
	p, lang := reports.Poster{Address: urls[0], Others: r.srv.elsewhere("/")}, screen.Lang()
	if id != 0 {
		e, err := r.cfg.Director.Events.Event(ctx, id)
		if err != nil {
			return err
		}
		if e.Settings.Language != "" {
			lang = i18n.Lang(e.Settings.Language)
		}
		p.EventName, p.Game = e.Name, rules.DescribeText(e.Game, e.Format).In(lang)
		path := "/events/" + strconv.FormatInt(int64(id), 10)
		p.Address, p.Others = strings.TrimSuffix(urls[0], "/")+path, r.srv.elsewhere(path)
	}
	return reports.WriteFile(path, func(w io.Writer) error {
		return reports.WritePoster(w, p, reports.Options{Paper: paper, Lang: lang})
	}, r.cfg.Database)
}

// Stop closes the server and its live streams, waiting until ctx ends
// for the requests under way, and clears Config.Address.
func (r *Running) Stop(ctx context.Context) error {
	r.cfg.Address.set("")
	if err := r.srv.Shutdown(ctx); err != nil {
		return err
	}
	return <-r.served
}

// Run serves until ctx ends, then stops, giving the requests under way
// five seconds; or until the server fails, with its error.
func (r *Running) Run(ctx context.Context) error {
	select {
	case err := <-r.served:
		r.srv.Close()
		return err
	case <-ctx.Done():
	}
	r.cfg.Address.set("")
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := r.srv.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return <-r.served
}
