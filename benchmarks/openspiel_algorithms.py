"""What of OpenSpiel's own algorithms runs on the games (docs/research.md, OpenSpiel), each tried
in a process of its own: NFSP (PyTorch) through ``rl_environment``, ESCHER (PyTorch) with a
configuration that fits in a few GiB, and the C++ ``ISMCTSBot`` on a Python game (OpenSpiel's
own ``python_kuhn_poker`` beside ours, and on its C++ ``kuhn_poker``). Needs the ``research``
and ``learn`` extras.

    .venv/bin/python benchmarks/openspiel_algorithms.py [--seconds S] [--game G]
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from _report import report_and_exit

NFSP = """
import resource, time
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import nfsp
import ludotheque.adapters.openspiel  # registers the games

env = rl_environment.Environment(pyspiel.load_game({name!r}, {params!r}), seed=0)
size, actions = env.observation_spec()["info_state"][0], env.action_spec()["num_actions"]
agents = [nfsp.NFSP(p, size, actions, [64], reservoir_buffer_capacity=2_000,
                    anticipatory_param=0.1, replay_buffer_capacity=2_000, batch_size=32,
                    min_buffer_size_to_learn=64, learn_every=32) for p in range(env.num_players)]
start, steps, episodes = time.process_time(), 0, 0
while time.process_time() - start < {seconds}:
    time_step = env.reset()
    while not time_step.last():
        time_step = env.step([agents[time_step.observations["current_player"]].step(time_step).action])
        steps += 1
    for agent in agents:
        agent.step(time_step)
    episodes += 1
print(f"NFSP on {name}: {{episodes}} games, {{steps}} steps in {{time.process_time() - start:.0f}} CPU s, "
      f"peak RSS {{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f}} GiB")
"""

ESCHER = """
import resource, time
import numpy as np, pyspiel, torch
from open_spiel.python.pytorch import escher
import ludotheque.adapters.openspiel  # registers the games

game = pyspiel.load_game({name!r}, {params!r})
config = escher.Config()
obs, acts, n = game.information_state_tensor_size(), game.num_distinct_actions(), game.num_players()
# a sample of each buffer: average policy, regret (per seat), value (per seat, every seat's state)
per_sample = 8 * ((obs + acts + 1) + n * (obs + 2 * acts + 1) + n * (n * obs + 2))
print(f"ESCHER's default: {{config.avg_policy_memory_capacity:,}} samples a buffer, "
      f"{{per_sample * config.avg_policy_memory_capacity / 2**30:,.0f}} GiB of buffers, the first array "
      f"{{config.avg_policy_memory_capacity * acts * 8 / 2**30:.1f}} GiB")
config.value_memory_capacity = config.regret_memory_capacity = 4_096
config.avg_policy_memory_capacity = 4_096
config.value_traversals = config.regret_traversals = 16
config.value_batch_size = config.regret_batch_size = config.avg_policy_batch_size = 32
config.value_batch_steps = config.regret_batch_steps = config.avg_policy_batch_steps = 16
start = time.process_time()
agent = escher.Agent(game, config)
training = escher.TrainConfig(game)
training.iterations, training.games_vs_random = 1, 2
np.random.seed(0)
torch.manual_seed(0)
escher.train(training, agent)
print(f"ESCHER on {name}, 4,096 samples a buffer ({{per_sample * 4_096 / 2**30:.2f}} GiB): "
      f"1 iteration in {{time.process_time() - start:.0f}} CPU s, peak RSS "
      f"{{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f}} GiB, "
      f"{{agent.num_touched:,}} states touched")
"""

CPP_ISMCTS = """
import pyspiel
import open_spiel.python.games  # python_kuhn_poker
import ludotheque.adapters.openspiel  # registers the games

game = pyspiel.load_game({name!r})
bot = pyspiel.ISMCTSBot(0, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 10, -1,
                        pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False)
state = game.new_initial_state()
while state.is_chance_node():
    state.apply_action(state.chance_outcomes()[0][0])
bot.step(state)
print("C++ ISMCTSBot on {name}: plays")
"""


def run(script: str, what: str) -> None:
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    if done.returncode == 0:
        print(done.stdout.strip())
    else:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        print(f"{what}: exit status {done.returncode} ({last})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="CPU seconds of NFSP (default 60)")
    parser.add_argument("--game", default="kagoun", help="game id (default kagoun, 2 players, 20 rounds)")
    args = parser.parse_args()
    name = f"python_ludotheque_{args.game}"
    params = {"players": 2, "max_rounds": 20} if args.game == "kagoun" else {}
    run(NFSP.format(name=name, params=params, seconds=args.seconds), f"NFSP on {name}")
    run(ESCHER.format(name=name, params=params), f"ESCHER on {name}")
    for game in ("kuhn_poker", "python_kuhn_poker", name):
        run(CPP_ISMCTS.format(name=game), f"C++ ISMCTSBot on {game}")


if __name__ == "__main__":
    report_and_exit(main)
