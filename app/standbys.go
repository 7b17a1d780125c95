package main

import (
	"context"
	"net"
	"net/url"
	"strconv"
	"strings"

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
	return s.w.Start(ctx, clusterAddr(port, baseURL), baseURL)
}

// Join makes this laptop a standby of the host at host with code. An
// IP address typed without its port is the host's at the window's
// default port for the other laptops.
func (s standbys) Join(ctx context.Context, port int, baseURL, host, code string) error {
	host = strings.TrimSpace(host)
	if ip := net.ParseIP(host); ip != nil {
		host = net.JoinHostPort(host, strconv.Itoa(ui.DefaultClusterPort))
	}
	return s.w.Join(ctx, clusterAddr(port, baseURL), baseURL, host, code)
}

// clusterAddr is this laptop's cluster address: the IP address phones
// reach it at (baseURL's), with port.
func clusterAddr(port int, baseURL string) string {
	host := ""
	if u, err := url.Parse(baseURL); err == nil {
		host = u.Hostname()
	}
	return net.JoinHostPort(host, strconv.Itoa(port))
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
