package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/reports"
	"tablekeeper/ui"
	"tablekeeper/ui/web"
)

// storeNetwork is the window's Store network switch: it serves ui/web in
// this process, on the window's director, so change notifications reach
// the phones and what the phones do reaches the window. tablekeeper serve
// runs the same server without a window.
type storeNetwork struct {
	d *director.Director
	// db is the open database's file: no poster is ever written over it.
	db string
	// logs receives what a person need not read (os.Stderr).
	logs io.Writer
	// address is set to the network's first address while it runs, for
	// the printer (nil: kept nowhere).
	address *networkAddress
}

// networkAddress is the store network's address while the window's
// switch has it on, "" while off: the switch sets it, the printer reads
// it (the slips and the pairings sheet print it and its QR code).
type networkAddress struct {
	mu  sync.Mutex
	url string
}

func (a *networkAddress) set(url string) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.url = url
}

func (a *networkAddress) get() string {
	if a == nil {
		return ""
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.url
}

// Start listens on addr and serves the store network until Stop.
func (n storeNetwork) Start(addr string) (ui.NetworkServer, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, listenError(addr, err)
	}
	srv, err := web.New(web.Config{
		Director: n.d,
		Logf:     func(format string, a ...any) { fmt.Fprintf(n.logs, format+"\n", a...) },
		Paper:    reports.PaperForLocale(reports.PaperLocale(os.Getenv)),
	})
	if err != nil {
		l.Close()
		return nil, err
	}
	r := &runningNetwork{srv: srv, d: n.d, db: n.db, addr: l.Addr(), served: make(chan error, 1), address: n.address}
	go func() { r.served <- srv.Serve(l) }()
	if urls := r.URLs(); len(urls) > 0 {
		n.address.set(urls[0])
	}
	return r, nil
}

// listenError says why the network could not listen, and what to do: a
// port in use is the usual reason (another Tablekeeper, or serve).
func listenError(addr string, err error) error {
	_, port, _ := net.SplitHostPort(addr)
	if errors.Is(err, syscall.EADDRINUSE) || strings.Contains(strings.ToLower(err.Error()), "address already in use") ||
		strings.Contains(err.Error(), "Only one usage of each socket address") {
		return event.Invalidf("port %s is already in use on this computer, perhaps by another Tablekeeper or by tablekeeper serve: close that program, or choose another port, then turn the store network on again", port)
	}
	if errors.Is(err, syscall.EACCES) {
		return event.Invalidf("this computer does not let Tablekeeper use port %s: choose a port above 1024, such as 8080, then turn the store network on again", port)
	}
	return event.Invalidf("the store network could not start on port %s (%v): choose another port, or check the computer's network settings", port, err)
}

// runningNetwork is the store network while it runs.
type runningNetwork struct {
	srv    *web.Server
	d      *director.Director
	db     string
	addr   net.Addr
	served chan error
	// address is cleared when the network stops.
	address *networkAddress
}

// URLs are the addresses phones reach the network at.
func (r *runningNetwork) URLs() []string { return web.ListenURLs(r.addr) }

// Devices counts the devices with a live page open.
func (r *runningNetwork) Devices() int { return r.srv.Devices() }

// QR is a QR code of text as a PNG, size pixels wide.
func (r *runningNetwork) QR(text string, size int) ([]byte, error) { return reports.QRPNG(text, size) }

// WritePoster writes the QR poster of event id (0: the event list) to
// path, whole or not at all.
func (r *runningNetwork) WritePoster(ctx context.Context, id event.EventID, paper, path string) error {
	urls := r.URLs()
	if len(urls) == 0 {
		return event.Statef("the store network has no address to print; turn it off and on again")
	}
	p := reports.Poster{Address: urls[0]}
	if id != 0 {
		e, err := r.d.Event(ctx, id)
		if err != nil {
			return err
		}
		p.EventName, p.Game = e.Name, rules.Describe(e.Game, e.Format)
		p.Address = strings.TrimSuffix(urls[0], "/") + "/events/" + strconv.FormatInt(int64(id), 10)
	}
	return reports.WriteFile(path, func(w io.Writer) error {
		return reports.WritePoster(w, p, reports.Options{Paper: paper})
	}, r.db)
}

// Stop closes the server and its live streams.
func (r *runningNetwork) Stop(ctx context.Context) error {
	r.address.set("")
	if err := r.srv.Shutdown(ctx); err != nil {
		return err
	}
	return <-r.served
}
