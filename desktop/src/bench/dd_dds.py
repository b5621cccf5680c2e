# `tourney bench dd`'s DDS side: run by TOURNEY_DDS_PYTHON (a venv's python with endplay
# 0.5.12, which bundles DDS 3). Reads a JSON list of deals (PBN, North first) on standard
# input; writes one JSON line per deal: DDS's table (declarers N E S W, strains C D H S NT),
# its CPU and wall seconds for the table. DDS runs on one thread, as Tourney's side does.
import json
import sys
import time

from endplay import _dds
from endplay.dds import calc_dd_table
from endplay.types import Deal, Denom, Player

threads = int(sys.argv[1]) if len(sys.argv) > 1 else 1
_dds.SetMaxThreads(threads)
SEATS = [Player.north, Player.east, Player.south, Player.west]
STRAINS = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
for pbn in json.load(sys.stdin):
    deal = Deal.from_pbn(pbn)
    cpu, wall = time.process_time(), time.perf_counter()
    table = calc_dd_table(deal)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    rows = [[int(table[d, p]) for d in STRAINS] for p in SEATS]
    print(json.dumps({"dd": rows, "cpu": cpu, "wall": wall}), flush=True)
