package main

import (
	"context"
	"net"
	"net/url"
	"strconv"

	"tablekeeper/internal/cluster"
	"tablekeeper/ui"
)

// standbys are the window's laptops of the event (ui.Standbys):
// internal/cluster's Window, said in the window's terms.
type standbys struct{ w *cluster.Window }

// Saved is the port of the cluster address the window last ran its
// database at, 0 for none.
func (s standbys) Saved() int {
	_, port, err := net.SplitHostPort(s.w.Saved())
	if err != nil {
		return 0
	}
	n, err := strconv.Atoi(port)
	if err != nil {
		return 0
	}
	return n
}

// Start joins the cluster at port on the IP address of baseURL, where
// the phones reach this laptop too.
func (s standbys) Start(ctx context.Context, port int, baseURL string) error {
	host := ""
	if u, err := url.Parse(baseURL); err == nil {
		host = u.Hostname()
	}
	return s.w.Start(ctx, net.JoinHostPort(host, strconv.Itoa(port)), baseURL)
}

// State reads the cluster's status and whether its host is silent.
func (s standbys) State() ui.Laptops {
	n := s.w.Node()
	if n == nil {
		return ui.Laptops{}
	}
	st := n.Status()
	since, silent := n.HostSilence()
	l := ui.Laptops{On: true, JoinCode: cluster.FormatJoinCode(n.JoinCode()), Addr: n.Addr(),
		Leads: n.Leader(), Silent: silent, Since: since}
	if st.Leader != st.Self {
		l.Host = st.Leader
	}
	if st.Split != nil {
		l.Split = st.Split.Addr
	}
	for _, m := range st.Members {
		l.Members = append(l.Members, ui.Laptop{URL: m.URL, Host: m.Role == "leader", Self: m.URL == st.Self,
			InStep: m.InStep, BehindMs: m.BehindMs})
	}
	return l
}

// RenewJoinCode draws a new join code on the host.
func (s standbys) RenewJoinCode(ctx context.Context) error {
	_, err := s.w.RenewJoinCode(ctx)
	return err
}

// Takeover makes this laptop the host alone.
func (s standbys) Takeover(ctx context.Context) error { return s.w.Takeover(ctx) }
