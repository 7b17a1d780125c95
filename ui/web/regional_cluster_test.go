package web

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
	"tablekeeper/internal/cluster"
	"tablekeeper/ui/web/internal/webtest"
)

// regionalStandbys is REGIONAL_STANDBYS: how many standby laptops the
// regional's server runs beside it (0: it runs alone). They are nodes of
// a cluster in the server's process, each with its own database in
// memory (/dev/shm), the server leading: every report then waits for a
// majority of the three to hold it, as on a store's laptops.
func regionalStandbys() int {
	n, _ := strconv.Atoi(os.Getenv("REGIONAL_STANDBYS"))
	return n
}

// regionalCluster makes the regional's database the leader of a cluster
// with n standbys, which join the 1,024-player event in round 4 (a
// snapshot, then the log); it prints how long each took to be in step,
// and returns a server and a director over the leader's store.
func regionalCluster(t *testing.T, db *store.DB, clock func() time.Time, n int) (*Server, *director.Director) {
	t.Helper()
	ctx := context.Background()
	var dp atomic.Pointer[director.Director]
	leader, err := cluster.Open(ctx, cluster.Config{DB: db, Addr: "127.0.0.1:0", BaseURL: "http://127.0.0.1/",
		Applied: func(u storage.Unit) {
			if d := dp.Load(); d != nil {
				d.Applied(u)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = leader.Close() })
	if err := leader.WaitLeader(ctx, 15*time.Second); err != nil {
		t.Fatal(err)
	}
	d := director.New(leader.Store(), clock, rand.New(rand.NewPCG(1, 2)))
	dp.Store(d)
	for i := range n {
		start := time.Now()
		sdb := webtest.ShmDB(t, fmt.Sprintf("standby%d", i+1))
		node, err := cluster.Open(ctx, cluster.Config{DB: sdb, Addr: "127.0.0.1:0", BaseURL: fmt.Sprintf("http://127.0.0.%d/", i+2),
			Join: leader.Addr(), JoinCode: leader.JoinCode()})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = node.Close() })
		for leader.Voters() < i+2 {
			if time.Since(start) > time.Minute {
				t.Fatalf("standby %d not in step after a minute", i+1)
			}
			time.Sleep(10 * time.Millisecond)
		}
		fmt.Printf("JOINED standby %d in step after %d ms\n", i+1, time.Since(start).Milliseconds())
	}
	srv, err := New(Config{Director: d, Now: clock, Cluster: leader})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv, d
}
