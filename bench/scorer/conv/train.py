#!/usr/bin/env python3
"""
Trains the convolutional injection scorer on what export.ts wrote (token ids, never text), chooses its threshold on
dev, and writes int8 weights with a few reference outputs for the TypeScript forward pass to match.

    npx tsx bench/scorer/conv/export.ts /tmp/s15-injconv/data
    python3 bench/scorer/conv/train.py /tmp/s15-injconv/data /tmp/s15-injconv/out [--dim=12 --filters=8 ...]

Offline and deterministic for a seed (torch.manual_seed, one thread). Needs Debian's python3-torch and numpy.

The model, per segment of the reading view (the linear scorer's segments):
  token vector   e_t = E[word_t] + mean_j E[gram_tj]          (one table: word buckets then trigram buckets)
  convolutions   c^w_t = relu(b^w + sum_{k<w} W^w_k e_{t+k})  widths in WIDTHS, F filters each, zero-padded w-1
                                                              either side, so a one-token segment has outputs
  pooling        p = concat_w max_t c^w_t                     (>= 0)
  head           logit = v . p + a
Two adjacent segments of one line are scored as a pair with p = max(p_a, p_b) (the windows across the join are
left out), as the linear scorer adds two sentences' sums.

Training is multiple-instance, like bench/scorer/train.ts: every benign sentence is negative (weighted by how many
documents hold it, at most 10); an attack document is a bag of its candidate sentences whose logit is their
maximum. Benign counts BENIGN_WEIGHT times the attacks in all.

Dev (export.ts): rules alone, rules + the shipped linear model at its threshold, rules + this model at (a) the
threshold that adds no more dev false positives over the rules than the linear model does, and (b) train.ts' rule
(strict threshold raised by the carrier-held-out margin). The paraphrase floor of test/unit/injection-scorer.test.ts
is counted at each threshold.
"""
import json
import math
import os
import sys

import numpy as np
import torch

torch.set_num_threads(1)

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
OPTS = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--") and "=" in a)
DATA = ARGS[0] if ARGS else "/tmp/s15-injconv/data"
OUT = ARGS[1] if len(ARGS) > 1 else "/tmp/s15-injconv/out"
DIM = int(OPTS.get("dim", 12))
FILTERS = int(OPTS.get("filters", 8))
WIDTHS = [int(w) for w in OPTS.get("widths", "2,3,4").split(",")]
EPOCHS = int(OPTS.get("epochs", 6))
BENIGN_WEIGHT = float(OPTS.get("benign", 20))
LR = float(OPTS.get("lr", 0.01))
L2 = float(OPTS.get("l2", 1e-5))
SEED = int(OPTS.get("seed", 20261124))
DROPOUT = float(OPTS.get("dropout", 0.1))
# Share of tokens whose word row is dropped in training (the trigrams stay): the model must also read a word by its
# spelling and its neighbours, not only by its bucket.
WORD_DROP = float(OPTS.get("word_drop", 0))
MARGINS = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3]
MIN_REPORTED = 20

META = json.load(open(os.path.join(DATA, "meta.json")))
VOCAB = (1 << META["wordsLog2"]) + (1 << META["gramsLog2"])
PAD = VOCAB  # the zero row
MAX_GRAMS = 12


def pack(segments):
    """Segments (lists of tokens, a token [word, grams...]) as flat token rows (word, grams padded with PAD) and offsets."""
    rows = []
    offsets = [0]
    for seg in segments:
        for t in seg:
            rows.append(t[:1] + t[1:] + [PAD] * (MAX_GRAMS - len(t) + 1))
        offsets.append(len(rows))
    rows.append([PAD] * (MAX_GRAMS + 1))  # the padding token
    return np.asarray(rows, dtype=np.int64), np.asarray(offsets, dtype=np.int64)


class Conv(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(VOCAB + 1, DIM, padding_idx=PAD)
        torch.nn.init.normal_(self.emb.weight, std=0.3)
        with torch.no_grad():
            self.emb.weight[PAD].zero_()
        self.convs = torch.nn.ModuleList([torch.nn.Conv1d(DIM, FILTERS, w) for w in WIDTHS])
        self.head = torch.nn.Linear(FILTERS * len(WIDTHS), 1)
        self.drop = torch.nn.Dropout(DROPOUT)

    def tokens(self, ids):
        """(B, T, 1 + MAX_GRAMS) ids -> (B, T, DIM): the word row plus the mean of the gram rows."""
        words = ids[:, :, 0]
        if self.training and WORD_DROP > 0:
            words = words.masked_fill(torch.rand(words.shape) < WORD_DROP, PAD)
        word = self.emb(words)
        grams = ids[:, :, 1:]
        n = (grams != PAD).sum(-1, keepdim=True).clamp(min=1).float()
        return word + self.emb(grams).sum(-2) / n

    def pooled(self, ids, lengths):
        x = self.tokens(ids).transpose(1, 2)  # (B, DIM, T)
        out = []
        T = ids.shape[1]
        for w, conv in zip(WIDTHS, self.convs):
            # Zero padding of w-1 either side of the segment's own tokens: positions past a segment's length are
            # masked, so padding to the batch's longest segment changes nothing.
            y = torch.relu(conv(torch.nn.functional.pad(x, (w - 1, w - 1))))  # (B, F, T + w - 1)
            pos = torch.arange(T + w - 1, device=ids.device)
            valid = pos[None, :] < (lengths[:, None] + w - 1)
            y = y.masked_fill(~valid[:, None, :], 0.0)
            out.append(y.max(-1).values)
        return torch.cat(out, -1)

    def logit(self, p):
        return self.head(self.drop(p)).squeeze(-1)


def batch_ids(rows, offsets, seg_ids):
    """Token rows of segments `seg_ids`, padded with the padding row to the longest: (B, T, 1 + MAX_GRAMS)."""
    starts = offsets[seg_ids]
    lengths = offsets[seg_ids + 1] - starts
    T = max(1, int(lengths.max()))
    idx = starts[:, None] + np.arange(T)[None, :]
    idx = np.where(np.arange(T)[None, :] < lengths[:, None], idx, len(rows) - 1)
    return torch.from_numpy(rows[idx]), torch.from_numpy(lengths)


def pooled_all(model, rows, offsets, batch=2048):
    model.eval()
    n = len(offsets) - 1
    order = np.argsort(offsets[1:] - offsets[:-1], kind="stable")
    out = np.zeros((n, FILTERS * len(WIDTHS)), dtype=np.float32)
    with torch.no_grad():
        for i in range(0, n, batch):
            sel = order[i : i + batch]
            ids, lengths = batch_ids(rows, offsets, sel)
            out[sel] = model.pooled(ids, lengths).numpy()
    return out


def head_np(model, p):
    w = model.head.weight.detach().numpy()[0]
    return p @ w + float(model.head.bias.detach().numpy()[0])


def load_train():
    neg, negw, pos, bags = [], [], [], []
    for line in open(os.path.join(DATA, "train.jsonl")):
        r = json.loads(line)
        if not r["t"]:
            continue
        if r["k"] == "neg":
            neg.append(r["t"])
            negw.append(r["w"])
        else:
            pos.append(r["t"])
            bags.append(r["d"])
    return neg, np.asarray(negw, dtype=np.float32), pos, np.asarray(bags)


def train(model):
    neg, negw, pos, bags = load_train()
    nrows, noff = pack(neg)
    prows, poff = pack(pos)
    bag_ids = np.unique(bags)
    members = {b: np.nonzero(bags == b)[0] for b in bag_ids}
    print(f"train: {len(neg)} benign sentences, {len(pos)} candidate sentences in {len(bag_ids)} bags", flush=True)
    opt = torch.optim.Adam(model.parameters(), lr=LR, weight_decay=0)
    rng = np.random.default_rng(SEED)
    neg_batch = 512
    steps = math.ceil(len(neg) / neg_batch)
    bag_batch = max(8, math.ceil(len(bag_ids) / steps))
    # Per step, the benign half of the loss weighs BENIGN_WEIGHT times the attacks' half.
    for epoch in range(EPOCHS):
        model.train()
        norder = rng.permutation(len(neg))
        border = rng.permutation(len(bag_ids))
        total = 0.0
        for s in range(steps):
            nsel = norder[s * neg_batch : (s + 1) * neg_batch]
            bsel = bag_ids[border[(np.arange(bag_batch) + s * bag_batch) % len(bag_ids)]]
            psel = np.concatenate([members[b] for b in bsel])
            owner = np.concatenate([np.full(len(members[b]), i) for i, b in enumerate(bsel)])
            ids, lengths = batch_ids(nrows, noff, nsel)
            zn = model.logit(model.pooled(ids, lengths))
            wn = torch.from_numpy(negw[nsel])
            ln = (torch.nn.functional.softplus(zn) * wn).sum() / wn.sum()
            ids, lengths = batch_ids(prows, poff, psel)
            zp = model.logit(model.pooled(ids, lengths))
            # The bag's logit is the max over its candidates (scatter max by owner).
            zb = torch.full((len(bsel),), -1e9).scatter_reduce(0, torch.from_numpy(owner), zp, reduce="amax")
            lp = torch.nn.functional.softplus(-zb).mean()
            loss = (BENIGN_WEIGHT * ln + lp) / (BENIGN_WEIGHT + 1)
            reg = L2 * sum((p * p).sum() for n_, p in model.named_parameters() if "bias" not in n_)
            opt.zero_grad()
            (loss + reg).backward()
            opt.step()
            with torch.no_grad():
                model.emb.weight[PAD].zero_()
            total += float(loss)
        print(f"epoch {epoch + 1}: loss {total / steps:.4f}", flush=True)


def quantise(model):
    """int8 per tensor (weight = int8 * scale); biases and the head stay float32. The model then uses the rounded
    weights, so every figure below is the shipped model's."""
    out = {}
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "bias" in name or name.startswith("head"):
                out[name] = p.detach().numpy().astype(np.float32).copy()
                continue
            m = float(p.abs().max())
            scale = np.float32(m / 127 if m > 0 else 1)
            q = np.clip(np.round(p.detach().numpy() / scale), -127, 127).astype(np.int8)
            out[name] = (q, scale)
            p.copy_(torch.from_numpy(q.astype(np.float32) * scale))
    return out


def doc_logits(model, docs):
    """Each document's highest logit: segments long enough to report, and adjacent pairs of one line (train.ts)."""
    segs = [s["t"] for d in docs for s in d["segs"]]
    rows, offsets = pack(segs)
    pooled = pooled_all(model, rows, offsets)
    logits = head_np(model, pooled)
    out = []
    k = 0
    for d in docs:
        best = -math.inf
        prev = None
        for s in d["segs"]:
            z = logits[k]
            if s["len"] >= MIN_REPORTED:
                best = max(best, z)
            if prev is not None and prev[1] == s["line"] and len(prev[2]) > 0 and len(s["t"]) > 0 and s["end_from_prev"] >= MIN_REPORTED:
                best = max(best, float(head_np(model, np.maximum(prev[0], pooled[k])[None, :])[0]))
            prev = (pooled[k], s["line"], s["t"])
            k += 1
        out.append(best)
    return np.asarray(out)


def with_pair_spans(docs):
    # A pair's span runs from the previous segment's start to this one's end (score-text.ts).
    for d in docs:
        prev_at = None
        for s in d["segs"]:
            s["end_from_prev"] = s["at"] + s["len"] - (s["at"] if prev_at is None else prev_at)
            prev_at = s["at"]
    return docs


def count_cut(values, k):
    s = sorted(values, reverse=True)
    return max(0.0, (s[max(0, k)] if k < len(s) else -math.inf) + 1e-3)


def figures(dev, z, t):
    y = np.asarray([d["y"] for d in dev])
    rules = np.asarray([d["rules"] for d in dev]).astype(bool)
    both = rules | (z >= t)
    return int((both & (y == 1)).sum()), int((y == 1).sum()), int((both & (y == 0)).sum()), int((y == 0).sum())


def carrier_threshold(dev, z):
    groups = sorted(set(d["group"] for d in dev))
    unflag = [(d["group"], z[i]) for i, d in enumerate(dev) if not d["y"] and not d["rules"]]
    strict = count_cut([v for _, v in unflag], 0)
    held = []
    for g in groups:
        others = [v for h, v in unflag if h != g]
        held.append((count_cut(others, 0), [v for h, v in unflag if h == g]))
    for m in MARGINS:
        if sum(sum(1 for v in b if v >= s + m) for s, b in held) == 0:
            return strict, m
    return strict, MARGINS[-1]


def main():
    torch.manual_seed(SEED)
    model = Conv()
    train(model)
    q = quantise(model)
    dev = with_pair_spans([json.loads(l) for l in open(os.path.join(DATA, "dev.jsonl"))])
    floor = with_pair_spans([json.loads(l) for l in open(os.path.join(DATA, "floor.jsonl"))])
    z = doc_logits(model, dev)
    zf = doc_logits(model, floor)
    lin = np.asarray([-math.inf if d["lin"] is None else d["lin"] for d in dev])
    y = np.asarray([d["y"] for d in dev])
    rules = np.asarray([d["rules"] for d in dev]).astype(bool)
    LIN_T = float(OPTS.get("lin_threshold", 1.479))
    r = figures(dev, np.full(len(dev), -math.inf), 0)
    l = figures(dev, lin, LIN_T)
    added_lin = l[2] - r[2]
    unflagged_benign = [z[i] for i in range(len(dev)) if not y[i] and not rules[i]]
    t_match = count_cut(unflagged_benign, added_lin)
    strict, margin = carrier_threshold(dev, z)
    t_carrier = strict + margin
    report = {
        "config": {"dim": DIM, "filters": FILTERS, "widths": WIDTHS, "epochs": EPOCHS, "benign": BENIGN_WEIGHT,
                   "lr": LR, "l2": L2, "seed": SEED, "dropout": DROPOUT, "word_drop": WORD_DROP, **META},
        # The linear model's paraphrase count is test/unit/injection-scorer.test.ts' own (8 of 10 at main).
        "rules": r, "rules+linear": l, "linear_threshold": LIN_T,
    }
    for name, t in (("matched", t_match), ("carrier", t_carrier)):
        f = figures(dev, z, t)
        report[f"rules+conv@{name}"] = f
        report[f"threshold_{name}"] = t
        report[f"paraphrases@{name}"] = int(sum(1 for i, d in enumerate(floor) if d["y"] and zf[i] >= t))
        report[f"floor_benign@{name}"] = int(sum(1 for i, d in enumerate(floor) if not d["y"] and zf[i] >= t))
    report["carrier_margin"] = margin
    # By source: the conv model at the carrier threshold against the linear one.
    by = {}
    for i, d in enumerate(dev):
        k = d["src"] if not d["src"].startswith("benign set") else "benign set dev half"
        e = by.setdefault(k, [0, 0, 0, 0, 0])
        e[0] += 1
        e[1] += int(rules[i])
        e[2] += int(rules[i] or lin[i] >= LIN_T)
        e[3] += int(rules[i] or z[i] >= t_carrier)
        e[4] += int(rules[i] or z[i] >= t_match)
    report["by_source"] = {k: {"n": v[0], "positive": bool(dev[[d["src"] for d in dev].index(k)]["y"]) if k in [d["src"] for d in dev] else False,
                               "rules": v[1], "linear": v[2], "conv_carrier": v[3], "conv_matched": v[4]} for k, v in by.items()}
    os.makedirs(OUT, exist_ok=True)
    np.save(os.path.join(OUT, "dev_logits.npy"), z)
    json.dump(report, open(os.path.join(OUT, "report.json"), "w"), indent=1)
    print(json.dumps({k: v for k, v in report.items() if k != "by_source"}, indent=None))
    for k, v in report["by_source"].items():
        print(f"  {k}: {v}")
    write_weights(model, q, t_carrier, floor, zf)


def write_weights(model, q, threshold, floor, zf):
    """The weights as one little-endian blob (conv-model.ts reads it) and reference logits for the TS test."""
    import struct
    emb_q, emb_s = q["emb.weight"]
    parts = [b"TGCV", struct.pack("<BBBBBB", 1, META["wordsLog2"], META["gramsLog2"], DIM, FILTERS, len(WIDTHS)),
             bytes(WIDTHS), struct.pack("<ff", float(threshold), float(emb_s))]
    parts.append(emb_q[:VOCAB].tobytes())  # the padding row is zero and not shipped
    for i, w in enumerate(WIDTHS):
        cq, cs = q[f"convs.{i}.weight"]  # (F, DIM, w)
        parts.append(struct.pack("<f", float(cs)))
        parts.append(np.ascontiguousarray(cq).tobytes())
        parts.append(q[f"convs.{i}.bias"].astype("<f4").tobytes())
    parts.append(q["head.weight"].astype("<f4").tobytes())
    parts.append(q["head.bias"].astype("<f4").tobytes())
    blob = b"".join(parts)
    open(os.path.join(OUT, "conv.bin"), "wb").write(blob)
    # Reference outputs: each segment logit of the floor texts (TS must give the same within float32 rounding).
    segs = [s["t"] for d in floor for s in d["segs"]]
    rows, offsets = pack(segs)
    seg_logits = head_np(model, pooled_all(model, rows, offsets)).tolist()
    json.dump({"texts": [d["text"] for d in floor], "segmentLogits": seg_logits, "docLogits": zf.tolist()},
              open(os.path.join(OUT, "reference.json"), "w"))
    print(f"wrote {OUT}/conv.bin: {len(blob)} bytes")


if __name__ == "__main__":
    main()
