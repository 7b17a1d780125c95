package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/i18n"
	"tablekeeper/internal/cluster"
	"tablekeeper/ui/web/floods"
)

// Config is what a store network server needs.
type Config struct {
	// Director serves every read and write; required.
	Director *director.Director
	// Now is the clock the pages' round clocks read (time.Now when nil).
	Now func() time.Time
	// Floods counts the wrong codes and PINs for the organizer's alert;
	// nil: a watch of the server's own over Director. The desk passes the
	// one its Store network panel reads.
	Floods *floods.Watch
	// BaseURL is the address players are given (QR code, poster), such as
	// "http://192.168.1.20:8080/". Empty: worked out from the listener
	// (Serve), a LAN address when it listens on every interface.
	BaseURL string
	// Logf receives what a person need not read (a failed read, a panic);
	// nil discards it.
	Logf func(format string, args ...any)
	// MaxStreams bounds the live-update connections open at once
	// (DefaultMaxStreams when 0); one more is refused with 503 and the
	// page falls back to refreshing by itself.
	MaxStreams int
	// MaxStreamsPerDevice bounds the streams of one device (its cookie,
	// else its address; DefaultMaxStreamsPerDevice when 0), and
	// MaxStreamsPerAddress those of one address whatever its cookies
	// (DefaultMaxStreamsPerAddress when 0): one phone or one script cannot
	// take the room's slots.
	MaxStreamsPerDevice  int
	MaxStreamsPerAddress int
	// TickEvery is how often each live stream gets the round clock again,
	// to correct a phone's drift and keep the connection alive through
	// proxies and sleep (DefaultTick when 0).
	TickEvery time.Duration
	// Paper is the paper of the printable poster ("A4" or "Letter"); A4
	// when empty.
	Paper string
	// Database is the open database's file: Running.WritePoster never
	// writes over it.
	Database string
	// Address, when set, holds the network's first address while Start's
	// network runs.
	Address *Address
	// ReadOnly serves a database that cannot be written (opened with
	// store.OpenReadOnly): every page and the API read as usual, and
	// every write (a result, a sign-in, a decklist…) is refused at once
	// with msgReadOnly, before any director call.
	ReadOnly bool
	// Cluster is the cluster this laptop is part of (nil: it runs alone;
	// one with a Joined method that says false runs alone for now, as
	// the window's does until standby laptops may join): /api/cluster
	// answers its status, and a standby forwards writes through it.
	Cluster Cluster
}

// msgReadOnly refuses a write to a network serving a read-only database.
var msgReadOnly = i18n.F("The organizer's computer has this database open read-only, so nothing can be saved from here (no result, sign-in or other change). Tell the organizer.")

// Defaults of Config.
const (
	DefaultMaxStreams = 4000
	// A phone has a page or two open, a few tabs at most.
	DefaultMaxStreamsPerDevice = 4
	// Well above a room of 1,000 players behind one NAT address (a guest
	// portal), well below DefaultMaxStreams.
	DefaultMaxStreamsPerAddress = 2000
	DefaultTick                 = 15 * time.Second
)

// Server is the store network: an http.Handler with its live streams,
// its cache of the events' views and, once Serve is called, its listener.
type Server struct {
	cfg Config
	// services are what the areas call, each the small interface its
	// area declares (services.go); the server reaches no director.
	services
	now    func() time.Time
	mux    *http.ServeMux
	pages  *pageSet
	cache  *cache
	hub    *hub
	limits *limiter
	// guesses serializes each address's code checks (limit.go).
	guesses *guessLocks
	// floods counts the wrong codes and PINs (Config.Floods).
	floods *floods.Watch
	warmer warmer

	// baseHost and basePort are Config.BaseURL's host and port, parsed
	// once for the Host check every request makes ("" without one).
	baseHost, basePort string
	// stop ends the director subscription and the clock ticker.
	stop func()

	// keyMu guards deviceKey, the key device ids are signed with
	// (device.go), read from the director at first use.
	keyMu     sync.Mutex
	deviceKey []byte

	// members are the cluster's laptops' origins (handoff.go).
	members memberOrigins

	mu       sync.Mutex
	srv      *http.Server
	listener net.Listener
	shut     bool // Shutdown or Close was called: Serve serves no more
}

// New returns a server for cfg. It subscribes to the director's changes
// at once (the cache and the live streams follow them); Close, or
// Shutdown after Serve, ends that.
func New(cfg Config) (*Server, error) {
	if cfg.Director == nil {
		return nil, errors.New("web: a server needs a director")
	}
	svc := servicesOf(cfg.Director)
	cfg.Director = nil // the areas hold their services, never the director
	return newServer(cfg, svc)
}

// newServer returns a server for cfg whose areas call svc: New's from
// the director, a test's from fakes.
func newServer(cfg Config, svc services) (*Server, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Floods == nil {
		cfg.Floods = floods.New(svc.floodCounts, cfg.Now)
	}
	if cfg.MaxStreams <= 0 {
		cfg.MaxStreams = DefaultMaxStreams
	}
	if cfg.MaxStreamsPerDevice <= 0 {
		cfg.MaxStreamsPerDevice = DefaultMaxStreamsPerDevice
	}
	if cfg.MaxStreamsPerAddress <= 0 {
		cfg.MaxStreamsPerAddress = DefaultMaxStreamsPerAddress
	}
	if cfg.TickEvery <= 0 {
		cfg.TickEvery = DefaultTick
	}
	pages, err := loadPages()
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, services: svc, now: cfg.Now, pages: pages, limits: newLimiter(cfg.Now), guesses: newGuessLocks(),
		floods: cfg.Floods}
	s.baseHost, s.basePort = baseHostPort(cfg.BaseURL)
	s.cache = newCache(svc.boards)
	s.hub = newHub(cfg.MaxStreams, cfg.MaxStreamsPerDevice, cfg.MaxStreamsPerAddress, strconv.FormatInt(cfg.Now().UnixNano(), 36))
	s.mux = http.NewServeMux()
	for _, area := range s.areas() {
		for _, rt := range area {
			s.mux.Handle(rt.pattern, rt.handle)
		}
	}
	unsubscribe := svc.changes.Subscribe(s.changed)
	ticker := s.startTicker()
	s.stop = sync.OnceFunc(func() {
		s.floods.Save(context.Background())
		unsubscribe()
		s.histories.Close()
		ticker()
		s.hub.closeAll()
		s.warmer.wg.Wait()
	})
	return s, nil
}

// route is one pattern of an area and its handler.
type route struct {
	pattern string
	handle  http.HandlerFunc
}

// areas lists the route tables, one per area of the network. A new area
// (the kiosk tablet, the judges' phones) is a file with its own table,
// added here.
func (s *Server) areas() [][]route {
	return [][]route{s.staticRoutes(), s.langRoutes(), s.playerRoutes(), s.projectorRoutes(), s.qrRoutes(), s.reportRoutes(), s.apiRoutes(), s.kioskRoutes(), s.judgeRoutes(), s.playerSignInRoutes(), s.playerLinkRoutes(), s.deckRoutes(), s.dropRoutes(), s.confirmRoutes(), s.scorekeeperRoutes(), s.clusterRoutes()}
}

// ServeHTTP answers a request: the security headers on every response,
// a sentence for an unknown address or method, and a refusal for a Host
// the server does not serve (see servedHost). A request from another
// laptop's page of the cluster is read with its handoff (handoff.go).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w, r, answered := s.crossOrigin(w, r)
	if answered {
		return
	}
	s.secure(http.HandlerFunc(s.dispatch)).ServeHTTP(w, s.withDevice(r))
}

func (s *Server) dispatch(w http.ResponseWriter, r *http.Request) {
	// A request a standby forwarded came to the standby's address, which
	// the standby checked; it reaches this one only over the laptops'
	// authenticated wire.
	if !cluster.Forwarded(r) && !s.servedHost(r) && !isStaticRead(r) {
		s.refuseHost(w, r)
		return
	}
	if s.cfg.ReadOnly && r.Method != http.MethodGet && r.Method != http.MethodHead {
		s.fail(w, r, http.StatusForbidden, msgReadOnly)
		return
	}
	if s.forwards(r) {
		if err := s.cluster().Forward(w, r); err != nil {
			s.failErr(w, r, err)
		}
		return
	}
	r = withRequestID(r)
	h, pattern := s.mux.Handler(r)
	if pattern != "" {
		// The mux itself, not h: it sets the path's values.
		s.mux.ServeHTTP(w, r)
		return
	}
	// No route: the mux's own answer would be a bare 404 or 405.
	probe := &statusProbe{header: http.Header{}}
	h.ServeHTTP(probe, r)
	if probe.status == http.StatusMethodNotAllowed {
		w.Header().Set("Allow", probe.header.Get("Allow"))
		s.fail(w, r, http.StatusMethodNotAllowed, i18n.F("%[1]s is not allowed here; this address takes %[2]s.", r.Method, probe.header.Get("Allow")))
		return
	}
	s.fail(w, r, http.StatusNotFound, i18n.F("There is no page at this address. Start from the event list."))
}

// statusProbe records what the mux would answer to a request it has no
// route for.
type statusProbe struct {
	header http.Header
	status int
}

func (p *statusProbe) Header() http.Header         { return p.header }
func (p *statusProbe) Write(b []byte) (int, error) { return len(b), nil }
func (p *statusProbe) WriteHeader(status int)      { p.status = status }

// Serve answers requests on l until Shutdown; it returns nil after a
// Shutdown and the listener's error otherwise.
func (s *Server) Serve(l net.Listener) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		// The live stream lifts its own write deadline.
		WriteTimeout:   30 * time.Second,
		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: 16 << 10,
	}
	s.mu.Lock()
	if s.shut {
		s.mu.Unlock()
		_ = l.Close() // shutting down already: nothing to do with the listener's error
		return nil
	}
	if s.srv != nil {
		s.mu.Unlock()
		return errors.New("web: the server is already serving")
	}
	s.srv, s.listener = srv, l
	s.mu.Unlock()
	err := srv.Serve(l)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown closes the live streams, stops accepting requests and waits
// for those under way (until ctx ends), then ends the subscription to the
// director.
func (s *Server) Shutdown(ctx context.Context) error {
	s.stop()
	s.mu.Lock()
	srv := s.srv
	s.shut = true
	s.mu.Unlock()
	if srv == nil {
		return nil
	}
	return srv.Shutdown(ctx)
}

// Close ends the subscription to the director and the live streams, and
// closes the listener and every connection at once (Shutdown waits for
// the requests under way).
func (s *Server) Close() {
	s.stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shut = true
	if s.srv != nil {
		_ = s.srv.Close() // shutting down: the connections are dropped either way
	}
}

// Devices is the number of devices with a live page open now (each
// device counted once however many pages it has open).
func (s *Server) Devices() int { return s.hub.deviceCount() }

// URL is the address players are given: Config.BaseURL, else the
// listener's, with a LAN address for a listener on every interface; ""
// before Serve without a BaseURL.
func (s *Server) URL() string {
	if s.cfg.BaseURL != "" {
		return s.cfg.BaseURL
	}
	urls := s.URLs()
	if len(urls) == 0 {
		return ""
	}
	return urls[0]
}

// URLs lists the addresses the server answers at: one per LAN interface
// for a listener on every interface (the organizer's screen shows them
// all), else the listener's own.
func (s *Server) URLs() []string {
	s.mu.Lock()
	l := s.listener
	s.mu.Unlock()
	if l == nil {
		if s.cfg.BaseURL != "" {
			return []string{s.cfg.BaseURL}
		}
		return nil
	}
	return ListenURLs(l.Addr())
}

// ListenURLs lists the addresses a listener on addr answers at: one per
// LAN IPv4 address of the machine's interfaces (up, not loopback) when
// addr is every interface, loopback last, else addr's own.
func ListenURLs(addr net.Addr) []string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return []string{"http://" + addr.String() + "/"}
	}
	port := strconv.Itoa(tcp.Port)
	if !tcp.IP.IsUnspecified() {
		return []string{"http://" + net.JoinHostPort(tcp.IP.String(), port) + "/"}
	}
	var out []string
	for _, ip := range LANAddresses() {
		out = append(out, "http://"+net.JoinHostPort(ip.String(), port)+"/")
	}
	return append(out, "http://"+net.JoinHostPort("127.0.0.1", port)+"/")
}

// LANAddresses lists the machine's IPv4 addresses a phone on the same
// network can reach: interfaces that are up, not loopback, private
// ranges (192.168/16, 10/8, 172.16/12) first.
func LANAddresses() []net.IP {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var private, other []net.IP
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok || n.IP.To4() == nil || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() {
				continue
			}
			if n.IP.IsPrivate() {
				private = append(private, n.IP.To4())
			} else {
				other = append(other, n.IP.To4())
			}
		}
	}
	return append(private, other...)
}
