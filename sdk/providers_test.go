package sdk_test

import (
	"context"
	"fmt"
	"iter"
	"testing"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestProvidersAgainstTheServer(t *testing.T) {
	_, c := login(t, "agent@example.com")
	ctx := context.Background()

	var providers []sdk.Provider
	t.Run("ProvidersAll pages through the providers", func(t *testing.T) {
		res, err := c.ListProviders(ctx, oas.ListProvidersParams{Limit: oas.NewOptInt(1000)})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		providers = res.Response.Data
		samePages(t, providers, func(limit int) iter.Seq2[sdk.Provider, error] {
			return c.ProvidersAll(ctx, oas.ListProvidersParams{Limit: oas.NewOptInt(limit)})
		}, func(p sdk.Provider) string { return p.Code })
	})

	t.Run("ProductsAll and ScheduleAll page through the products of a filter", func(t *testing.T) {
		order := oas.NewOptProductOrder(oas.ProductOrder{CommissionRateBp: oas.NewOptSortDirection(oas.SortDirectionDESC)})
		res, err := c.ListProducts(ctx, oas.ListProductsParams{Limit: oas.NewOptInt(1000), Order: order, FilterActiveEq: oas.NewOptBool(true)})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		samePages(t, res.Response.Data, func(limit int) iter.Seq2[sdk.Product, error] {
			return c.ProductsAll(ctx, oas.ListProductsParams{Limit: oas.NewOptInt(limit), Order: order, FilterActiveEq: oas.NewOptBool(true)})
		}, func(p sdk.Product) string { return fmt.Sprint(p.ID) })

		sched, err := c.ListCompensationSchedule(ctx, oas.ListCompensationScheduleParams{Limit: oas.NewOptInt(1000)})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		samePages(t, sched.Response.Data, func(limit int) iter.Seq2[sdk.ScheduleRow, error] {
			return c.ScheduleAll(ctx, oas.ListCompensationScheduleParams{Limit: oas.NewOptInt(limit)})
		}, func(r sdk.ScheduleRow) string { return fmt.Sprint(r.ProductID) })
		// The agent's level is marked once on every row.
		for _, r := range sched.Response.Data {
			mine := 0
			for _, l := range r.Levels {
				if l.Mine {
					mine++
				}
			}
			if mine != 1 {
				t.Errorf("%s: %d levels marked as the caller's", r.ProductName, mine)
			}
		}
	})

	t.Run("ProviderDetail holds every list the provider counts", func(t *testing.T) {
		if len(providers) == 0 {
			t.Fatal("no providers listed")
		}
		for _, p := range providers {
			d, err := c.ProviderDetail(ctx, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			if d.Provider.ID != p.ID || len(d.Contacts) != p.Contacts || len(d.Videos) != p.Videos || len(d.Links) != p.Links ||
				len(d.Attachments) != p.Attachments {
				t.Errorf("%s: %d contacts, %d videos, %d links, %d attachments; the provider counts %d, %d, %d, %d", p.Name,
					len(d.Contacts), len(d.Videos), len(d.Links), len(d.Attachments), p.Contacts, p.Videos, p.Links, p.Attachments)
			}
			for kind, n := range map[oas.ProviderListKind]int{oas.ProviderListKindVideos: p.Videos,
				oas.ProviderListKindLinks: p.Links, oas.ProviderListKindAttachments: p.Attachments} {
				if len(d.Items(kind)) != n {
					t.Errorf("%s: Items(%s) has %d items, the provider counts %d", p.Name, kind, len(d.Items(kind)), n)
				}
				for i, it := range d.Items(kind) {
					if it.Position != i+1 {
						t.Errorf("%s %s: item %d at position %d", p.Name, kind, i, it.Position)
					}
				}
			}
		}
		if _, err := c.ProviderDetail(ctx, 1<<40); !sdk.IsNotFound(err) {
			t.Errorf("a provider that does not exist: %v, want 404", err)
		}
	})
}
