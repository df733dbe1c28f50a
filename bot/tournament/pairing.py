"""Pairing a list of entrants with as few repeated meetings as possible.

Whether a pairing without a repeat exists is a question about the whole list (a greedy pass can
pair itself into a corner), so the fewest repeats is read off a maximum matching of the graph of
pairs that would be new (Edmonds' blossom algorithm): a matching of that graph extends to a
pairing of everyone, the unmatched entrants meeting again among themselves. Within that
optimum, the entrants are paired from the top of the list down, each taking the first opponent
of its own preference order that keeps the optimum reachable, which is how a tournament
director pairs by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .types import Entrant

Fresh = Callable[[Entrant, Entrant], bool]
"""Whether two entrants may meet without repeating a meeting."""

Preference = Callable[[Entrant, Sequence[Entrant]], Sequence[Entrant]]
"""The opponents an entrant would take, in order, among those still unpaired (the entrant at
the top of the list picks; the rest are given in list order)."""


def maximum_matching(adjacent: Sequence[Sequence[int]],
                     start: Sequence[int] | None = None) -> list[int]:
    """A maximum matching of the graph on vertices ``0..n-1`` given by its adjacency lists: the
    mate of each vertex, or -1. Edmonds' blossom algorithm, O(n³); ``start``, a matching to
    grow (mates or -1), spares most of the work when it is nearly maximum already."""
    n = len(adjacent)
    mate = list(start) if start is not None else [-1] * n
    for vertex in range(n):  # a greedy start leaves few augmentations to find
        if mate[vertex] == -1:
            for other in adjacent[vertex]:
                if mate[other] == -1 and other != vertex:
                    mate[vertex], mate[other] = other, vertex
                    break
    for root in range(n):
        if mate[root] == -1:
            parent = [-1] * n
            end = _augmenting_path_end(adjacent, mate, root, parent)
            while end != -1:  # flip the path's edges
                before = parent[end]
                after = mate[before]
                mate[end], mate[before] = before, end
                end = after
    return mate


def _augmenting_path_end(adjacent: Sequence[Sequence[int]], mate: list[int], root: int,
                         parent: list[int]) -> int:
    """Grows an alternating tree from ``root``, shrinking odd cycles (blossoms) into their base;
    returns the free vertex an augmenting path reaches (its path back in ``parent``), or -1."""
    n = len(adjacent)
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = [root]

    def common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(vertex: int, stop: int, child: int, blossom: list[bool]) -> None:
        while base[vertex] != stop:
            blossom[base[vertex]] = blossom[base[mate[vertex]]] = True
            parent[vertex] = child
            child = mate[vertex]
            vertex = parent[mate[vertex]]

    head = 0
    while head < len(queue):
        vertex = queue[head]
        head += 1
        for other in adjacent[vertex]:
            if base[vertex] == base[other] or mate[vertex] == other:
                continue
            if other == root or (mate[other] != -1 and parent[mate[other]] != -1):
                stop = common_base(vertex, other)
                blossom = [False] * n
                mark(vertex, stop, other, blossom)
                mark(other, stop, vertex, blossom)
                for each in range(n):
                    if blossom[base[each]]:
                        base[each] = stop
                        if not used[each]:
                            used[each] = True
                            queue.append(each)
            elif parent[other] == -1:
                parent[other] = vertex
                if mate[other] == -1:
                    return other
                used[mate[other]] = True
                queue.append(mate[other])
    return -1


def fresh_matching(entrants: Sequence[Entrant], fresh: Fresh) -> dict[Entrant, Entrant]:
    """A largest set of new meetings among ``entrants``: each matched entrant's opponent."""
    adjacent = [[j for j, b in enumerate(entrants) if j != i and fresh(a, b)]
                for i, a in enumerate(entrants)]
    mate = maximum_matching(adjacent)
    return {entrants[i]: entrants[j] for i, j in enumerate(mate) if j != -1}


def pair_off(entrants: Sequence[Entrant], fresh: Fresh,
             preference: Preference) -> tuple[tuple[Entrant, Entrant], ...]:
    """Pairs an even list of entrants: first with the fewest repeated meetings there can be,
    then from the top down, each entrant taking the first opponent it prefers that keeps that
    fewest reachable. Each pair is (the higher in the list, the lower)."""
    if len(entrants) % 2:
        raise ValueError(f"an odd number of entrants cannot be paired: {len(entrants)}")
    new = {(a, b) for a in entrants for b in entrants if a != b and fresh(a, b)}
    remaining = list(entrants)
    best = _grow(remaining, new, {})
    pairs: list[tuple[Entrant, Entrant]] = []
    while remaining:
        top, rest = remaining[0], remaining[1:]
        for opponent in preference(top, rest):
            others = [entrant for entrant in rest if entrant != opponent]
            kept = {a: b for a, b in best.items() if a not in (top, opponent)
                    and b not in (top, opponent)}
            # a maximum matching holding this pair leaves one of the rest; otherwise grow what
            # is left of it, which needs at most two augmentations
            after = kept if best.get(top) == opponent else _grow(others, new, kept)
            if len(after) + 2 * ((top, opponent) in new) < len(best):
                continue
            pairs.append((top, opponent))
            remaining, best = others, after
            break
        else:
            raise ValueError(f"the preference of {top} offered no opponent among {rest}")
    return tuple(pairs)


def _grow(entrants: Sequence[Entrant], new: set[tuple[Entrant, Entrant]],
          matched: dict[Entrant, Entrant]) -> dict[Entrant, Entrant]:
    """A largest set of new meetings among ``entrants``, grown from ``matched``."""
    index = {entrant: i for i, entrant in enumerate(entrants)}
    adjacent = [[j for j, b in enumerate(entrants) if (a, b) in new] for a in entrants]
    start = [index[matched[entrant]] if entrant in matched else -1 for entrant in entrants]
    mate = maximum_matching(adjacent, start)
    return {entrants[i]: entrants[j] for i, j in enumerate(mate) if j != -1}
