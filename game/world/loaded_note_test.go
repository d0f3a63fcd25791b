package world

import (
	"strings"
	"testing"
)

// Regression (a trial on AR0011SR): a session saved once its agents had
// all arrived reopened saying "9 agents loaded: U runs them", beside a
// panel of "9 arrived"; U ran a clock with nothing to walk, and nothing
// moved. The note says what the file's agents will do: U runs only those
// with a goal still to reach, and when none has, it names the tool that
// sends them.
func TestLoadedAgentsNoteSaysWhoWillWalk(t *testing.T) {
	const head = "pathlens-scenario 1\nmap inline\n#######\n#.....#\n#.....#\n#######\nend\n"
	for _, c := range []struct {
		name, agents, want string
		not                string
	}{
		{"all under way", "agent 1,1 -> 5,1\nagent 1,2 -> 5,2\n", "2 agents loaded: U runs them", ""},
		{"one under way", "agent 1,1 -> 5,1\n", "1 agent loaded: U runs it", ""},
		{"all arrived", "agent 5,1 arrived\nagent 5,2 arrived\n", "2 agents loaded, all arrived: the agent tool (T) sends them on", "U runs"},
		{"arrived group", "agent 4,1 -> 5,1 group 1 arrived\nagent 5,1 -> 5,1 group 1 arrived\n", "2 agents loaded, all arrived", "U runs"},
		{"idle", "agent 1,1 idle\n", "1 agent loaded, idle: the agent tool (T) sends it", "U runs"},
		{"arrived and idle", "agent 5,1 arrived\nagent 1,1 idle\nagent 1,2 idle\n", "3 agents loaded (1 arrived, 2 idle): the agent tool (T) sends them", "U runs"},
		{"some under way", "agent 5,1 arrived\nagent 1,1 idle\nagent 1,2 -> 5,2\n", "3 agents loaded: U runs the 1 with a goal to reach (1 arrived, 1 idle)", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := scenarioWorld(t, head+c.agents, "agents.pls")
			t.Cleanup(w.Close)
			w.Begin()
			w.Wait()
			if !strings.Contains(w.Message, c.want) || c.not != "" && strings.Contains(w.Message, c.not) {
				t.Errorf("note %q, want %q", w.Message, c.want)
			}
		})
	}
}
