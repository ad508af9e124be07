package api_test

import (
	"os"
	"strings"
	"testing"

	"github.com/go-faster/yaml"
)

// Every list answer ({data: [...]}) is streamed by ogen into the response buffer instead of
// being built in memory first (docs/api.md, "Lists"): a new list must carry the extension.
func TestListAnswersAreStreamed(t *testing.T) {
	raw, err := os.ReadFile("../../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	type media struct {
		Streaming bool              `yaml:"x-ogen-json-streaming"`
		Schema    map[string]string `yaml:"schema"`
	}
	var doc struct {
		Paths      map[string]map[string]yaml.Node `yaml:"paths"` // methods, and shared parameters
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Type string `yaml:"type"`
				} `yaml:"properties"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	lists := 0
	for path, ops := range doc.Paths {
		for method, node := range ops {
			if method == "parameters" {
				continue
			}
			var op struct {
				Responses map[string]struct {
					Content map[string]media `yaml:"content"`
				} `yaml:"responses"`
			}
			if err := node.Decode(&op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			m, ok := op.Responses["200"].Content["application/json"]
			if !ok {
				continue
			}
			name := strings.TrimPrefix(m.Schema["$ref"], "#/components/schemas/")
			if doc.Components.Schemas[name].Properties["data"].Type != "array" {
				continue
			}
			lists++
			if !m.Streaming {
				t.Errorf("%s %s answers a list (%s) without x-ogen-json-streaming: true", method, path, name)
			}
		}
	}
	if lists < 10 {
		t.Fatalf("found only %d list answers: the contract was not read as expected", lists)
	}
}
