"""The learner: a game's network (``learn/nets.py``) trained on minibatches of the replay
buffer with Adam. Its loss is the policy's cross-entropy against the search's visit shares,
over the legal actions only (the others masked: their logits never enter the softmax), plus the
value's cross-entropy against each seat's share of the win (mover-relative, as the value head).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import torch

from ..core.errors import LudothequeError
from .buffer import ReplayBuffer
from .nets import Features, PolicyValueNet
from .reinforce import Played
from .samples import Samples

DEVICES = ("auto", "cpu", "cuda")
LEARNING_RATE = 1e-3
WEIGHT_DECAY = 1e-4
#: The reinforcement's update (PPO): its learning rate (a fine-tuning's small steps), its
#: minibatches, its passes over a round's rows, the clip of the new policy's ratio to the one
#: that played, the weight of the policy's entropy (a bonus: it keeps trying other moves) and of
#: the value's loss.
REINFORCE_RATE = 1e-4
REINFORCE_BATCH = 512
EPOCHS = 3
CLIP = 0.2
ENTROPY = 0.003
VALUE_WEIGHT = 0.5


def device_of(name: str) -> torch.device:
    """``auto``: the GPU when there is one, else the CPU; ``cuda`` without a GPU is refused."""
    if name not in DEVICES:
        raise LudothequeError(f"unknown device {name!r}; choose {', '.join(DEVICES)}")
    if name == "cuda" and not torch.cuda.is_available():
        raise LudothequeError("--device cuda: PyTorch sees no GPU here (try --device auto or cpu)")
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return torch.device(name)


@dataclass(frozen=True)
class Losses:
    """Mean losses over some training steps (cross-entropies, in nats)."""

    policy: float
    value: float
    steps: int

    @property
    def total(self) -> float:
        return self.policy + self.value


def features_of(batch: Samples, device: torch.device) -> Features:
    """A minibatch's information states as the net's sparse input."""
    counts = np.diff(batch.entry_offsets)
    sample = np.repeat(np.arange(len(batch), dtype=np.int64), counts)
    return Features(torch.from_numpy(batch.entry_indices), torch.from_numpy(batch.entry_values),
                    torch.from_numpy(sample), len(batch)).to(device)


def legal_log_softmax(logits: torch.Tensor, batch: Samples, device: torch.device
                      ) -> tuple[torch.Tensor, torch.Tensor]:
    """Each row's log-softmax over its legal actions' logits only, flat as ``batch.legal_indices``,
    and the row of each entry."""
    rows = torch.from_numpy(np.repeat(np.arange(len(batch), dtype=np.int64),
                                      np.diff(batch.legal_offsets))).to(device)
    legal = logits[rows, torch.from_numpy(batch.legal_indices).to(device)]
    most = torch.full((len(batch),), -torch.inf, device=device, dtype=legal.dtype)
    most = most.scatter_reduce(0, rows, legal.detach(), reduce="amax")
    sums = torch.zeros(len(batch), device=device, dtype=legal.dtype).index_add(
        0, rows, torch.exp(legal - most[rows]))
    return legal - (most + torch.log(sums))[rows], rows


def policy_loss(logits: torch.Tensor, batch: Samples, device: torch.device) -> torch.Tensor:
    """Cross-entropy of the visit shares against the softmax of each row's legal logits."""
    log_softmax, _ = legal_log_softmax(logits, batch, device)
    visits = torch.from_numpy(batch.visits).to(device)
    return -(visits * log_softmax).sum() / len(batch)


def value_loss(logits: torch.Tensor, batch: Samples, device: torch.device) -> torch.Tensor:
    """Cross-entropy of each seat's share of the win against the value head's softmax."""
    outcomes = torch.from_numpy(batch.outcomes).to(device)
    return -(outcomes * torch.log_softmax(logits, dim=1)).sum() / len(batch)


@contextlib.contextmanager
def subnormals_flushed() -> Iterator[None]:
    """Subnormal floats computed as zero meanwhile. Most rows of the sparse first layer get no
    gradient in a step, and Adam's moments of theirs decay into subnormal floats, which a CPU
    computes on many times slower: a Kagoun run slowed from 5,100 to about 1,000 samples a second
    within 3,000 steps; flushed, the pace holds. The setting is the whole thread's (the
    processor's), so it is set back after the step: other code (a test's Hypothesis) counts on
    subnormal floats."""
    torch.set_flush_denormal(True)
    try:
        yield
    finally:
        torch.set_flush_denormal(False)


class Learner:
    """A network and its optimiser on one device."""

    def __init__(self, net: PolicyValueNet, device: torch.device, learning_rate: float = LEARNING_RATE
                 ) -> None:
        self.device = device
        self.net = net.to(device)
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=learning_rate,
                                          weight_decay=WEIGHT_DECAY)

    def step(self, batch: Samples) -> tuple[float, float]:
        """One gradient step on ``batch``: its policy and value losses (before the step)."""
        with subnormals_flushed():
            return self._step(batch)

    def _step(self, batch: Samples) -> tuple[float, float]:
        self.net.train()
        policy_logits, value_logits = self.net(features_of(batch, self.device))
        policy = policy_loss(policy_logits, batch, self.device)
        value = value_loss(value_logits, batch, self.device)
        self.optimizer.zero_grad(set_to_none=True)
        (policy + value).backward()  # type: ignore[no-untyped-call]
        self.optimizer.step()
        return float(policy.detach()), float(value.detach())

    @contextlib.contextmanager
    def learning_rate(self, rate: float) -> Iterator[None]:
        """Adam steps by ``rate`` meanwhile (its moments kept), then as before."""
        groups = self.optimizer.param_groups
        before = [group["lr"] for group in groups]
        for group in groups:
            group["lr"] = rate
        try:
            yield
        finally:
            for group, old in zip(groups, before, strict=True):
                group["lr"] = old

    def reinforce(self, played: Played, rng: np.random.Generator,
                  stepped: Callable[[float, float], None] | None = None) -> Losses:
        """PPO on a round's rows (``learn/reinforce.py``): ``EPOCHS`` passes in minibatches of
        ``REINFORCE_BATCH``, the advantages normalised over the round; the mean clipped surrogate
        loss and value loss."""
        spread = played.advantages - played.advantages.mean()
        advantages = (spread / (spread.std() + 1e-8)).astype(np.float32)
        policy_sum = value_sum = 0.0
        steps = 0
        with self.learning_rate(REINFORCE_RATE):
            for _ in range(EPOCHS):
                order = rng.permutation(len(played))
                for start in range(0, len(played), REINFORCE_BATCH):
                    chosen = order[start:start + REINFORCE_BATCH]
                    with subnormals_flushed():
                        policy, value = self._reinforce_step(played.samples.rows(chosen),
                                                             played.log_probs[chosen], advantages[chosen])
                    policy_sum, value_sum, steps = policy_sum + policy, value_sum + value, steps + 1
                    if stepped is not None:
                        stepped(policy, value)
        return Losses(policy_sum / max(1, steps), value_sum / max(1, steps), steps)

    def _reinforce_step(self, batch: Samples, old: np.ndarray, advantage: np.ndarray) -> tuple[float, float]:
        device = self.device
        self.net.train()
        policy_logits, value_logits = self.net(features_of(batch, device))
        log_softmax, rows = legal_log_softmax(policy_logits, batch, device)
        size = len(batch)
        played = torch.from_numpy(batch.visits).to(device)  # 1 on the move played
        new = torch.zeros(size, device=device).index_add(0, rows, played * log_softmax)
        entropy = -torch.zeros(size, device=device).index_add(0, rows, torch.exp(log_softmax) * log_softmax)
        ratio = torch.exp(new - torch.from_numpy(old).to(device))
        gain = torch.from_numpy(advantage).to(device)
        surrogate = torch.min(ratio * gain, torch.clamp(ratio, 1 - CLIP, 1 + CLIP) * gain).mean()
        policy = -surrogate - ENTROPY * entropy.mean()
        value = value_loss(value_logits, batch, device)
        self.optimizer.zero_grad(set_to_none=True)
        (policy + VALUE_WEIGHT * value).backward()  # type: ignore[no-untyped-call]
        torch.nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
        self.optimizer.step()
        return float(policy.detach()), float(value.detach())

    def train(self, buffer: ReplayBuffer | Samples, steps: int, batch_size: int, rng: np.random.Generator,
              stepped: Callable[[float, float], None] | None = None) -> Losses:
        """``steps`` steps on minibatches drawn from ``buffer`` (or from samples held apart, as
        the imitation's); ``stepped`` hears each's losses."""
        policy_sum = value_sum = 0.0
        for _ in range(steps):
            policy, value = self.step(buffer.sample(batch_size, rng))
            policy_sum, value_sum = policy_sum + policy, value_sum + value
            if stepped is not None:
                stepped(policy, value)
        return Losses(policy_sum / max(1, steps), value_sum / max(1, steps), steps)
