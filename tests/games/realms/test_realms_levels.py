"""Generated maps as a designer makes them: rooms inside blocks of stone, names unique within a
run, the hand-made maps' stocking at every size and level, maps aimed at their level's par by
the feature fit; bands set per map size; a difficulty only with rating games; ratings that
report their progress and can be called off."""

import pytest

from generator.core.errors import InputError
from generator.core.rng import make_rng
from generator.games.realms import generate as gen
from generator.games.realms import rating
from generator.games.realms.generate.stats import enclosed, features, measure
from generator.games.realms.mapfile import builtin_maps, load_map
from generator.games.realms.model import Entrance, Finding, Map, data
from generator.games.realms.products import distinct_map_item, distinct_sheet, make_map
from generator.games.realms.rating import Bands, Cancelled, bands, watching
from generator.produce import build

from .realms_helpers import small_map

# ---- rooms inside the stone ------------------------------------------------------------------

def test_every_room_of_every_shipped_map_lies_inside_the_stone():
    for name in builtin_maps():
        m = load_map(name)
        assert all(enclosed(m)), (name, [r for r, ok in zip(m.rooms, enclosed(m)) if not ok])


def test_a_room_with_a_free_side_besides_its_door_is_not_inside():
    # small_map's two rooms sit on the top row, doors south: the outer wall above, but free
    # squares to the west and east of each
    assert enclosed(small_map()) == [False, False]
    m = Map.build((12, 12), small_map().entrances, [(0, 0), (2, 0), (4, 0)],
                  small_map().rooms, (), "t", "advanced", "d")
    # (1, 0) between stone (0, 0) and stone (2, 0), the wall above: inside; (3, 0) too
    assert enclosed(m) == [True, True]


@pytest.mark.parametrize("size", [(12, 12), (14, 14), (16, 16)])
def test_generated_rooms_lie_inside_the_stone(size):
    rooms = inside = 0
    for seed in range(12):
        for level in gen.LEVELS:
            m, _ = gen.generate_map(make_rng(seed), size, level)
            rooms += len(m.rooms)
            inside += sum(enclosed(m))
    assert inside >= 0.9 * rooms and rooms >= 12 * 3 * 6


# ---- stocking: the hand-made maps' ranges, every level at every size -----------------------

def hand_made_ranges() -> dict:
    """Each count's lowest and highest over the shipped maps (read off the files)."""
    stats = [measure(load_map(n)) for n in builtin_maps()]
    maps = [load_map(n) for n in builtin_maps()]
    kinds = [[f.kind for f in m.findings] for m in maps]
    return {
        "oozes": (min(k.count("ooze") for k in kinds), max(k.count("ooze") for k in kinds)),
        "mimics": (min(k.count("mimic") for k in kinds), max(k.count("mimic") for k in kinds)),
        "keys": (min(s.keys for s in stats), max(s.keys for s in stats)),
        "coins": (min(s.coins for s in stats), max(s.coins for s in stats)),
    }


def test_the_hand_made_ranges_are_what_the_files_hold():
    # counted by hand on maps/realms/*.toml: 5-6 oozes and mimics, 4 keys each, 11-14 coins
    assert hand_made_ranges() == {"oozes": (5, 6), "mimics": (5, 6), "keys": (4, 4),
                                  "coins": (11, 14)}


@pytest.mark.parametrize("level", gen.LEVELS)
@pytest.mark.parametrize("size", [(12, 12), (16, 16), (12, 16)])
def test_every_level_is_stocked_within_the_hand_made_ranges_at_every_size(level, size):
    ranges = hand_made_ranges()
    for seed in range(6):
        m, _ = gen.generate_map(make_rng(seed), size, level)
        kinds = [f.kind for f in m.findings]
        st = measure(m)
        assert m.size == size
        got = {"oozes": kinds.count("ooze"), "mimics": kinds.count("mimic"), "keys": st.keys,
               "coins": st.coins}
        for key, (lo, hi) in ranges.items():
            assert lo <= got[key] <= hi, (level, size, key, got[key])
        assert 3 <= len([r for r in m.rooms if r.content == "sarcophagus"]) <= 4
        assert 0.14 <= st.stone_share <= 0.21


def test_a_level_no_longer_picks_the_size():
    sizes = {gen.generate_map(make_rng(seed), None, "easy")[0].size for seed in range(30)}
    assert {w for w, _ in sizes} >= {12, 16} and {h for _, h in sizes} >= {12, 16}


# ---- names -------------------------------------------------------------------------------------

def test_names_of_a_run_never_repeat_and_come_round_numbered():
    names = [gen.run_name(5, i) for i in range(1000)]
    assert len(set(names)) == 1000
    words = data()["generate"]
    total = len(words["adjectives"]) * len(words["nouns"]) - 1     # less The Sunken Halls
    assert names[total] == names[0] + " II" and names[2 * total + 3] == names[3] + " III"
    assert "The Sunken Halls" not in names[:total]                  # map-2's name
    assert gen.run_name(5, 7) == gen.run_name(5, 7) != gen.run_name(6, 7)


def test_roman_numerals():
    assert [gen.roman(n) for n in (1, 2, 4, 6, 9, 14, 40, 1990)] == [
        "I", "II", "IV", "VI", "IX", "XIV", "XL", "MCMXC"]


def test_the_maps_and_sheets_of_a_count_run_have_distinct_names():
    maps = [distinct_map_item(9, i, 6).map.name for i in range(6)]
    assert len(set(maps)) == 6 and maps[0] == gen.run_name(9, 0)
    sheets = [distinct_sheet(9, i, 3, map="random").map.name for i in range(3)]
    assert sheets == maps[:3]
    assert distinct_sheet(9, 1, 3, map="map-2").map.name == "The Sunken Halls"
    built = build("realms", "map", 9, count=3, render=False, options={"rating_games": 0})
    assert [b.item.map.name for b in built] == maps[:3]


# ---- aimed at the level ------------------------------------------------------------------------

def test_the_prediction_is_the_fit_of_the_features():
    fit = data()["generate"]["predict"]
    m = load_map("map-2")
    f = features(m)
    # map-2 by hand: 5 oozes and 5 mimics, no key or mimic in a dead end or nook
    assert f["oozes"] == 5 and f["mimics"] == 5 and f["tucked"] == 0.0
    assert gen.predict_par(m) == pytest.approx(
        fit["intercept"] + sum(fit[k] * f[k] for k in f))
    assert set(fit) == {"intercept", *f}


def test_an_aimed_map_is_the_candidate_predicted_nearest_the_aim(monkeypatch):
    seen = []
    real = gen.predict_par

    def predict(m):
        seen.append((real(m), m))
        return real(m)

    monkeypatch.setattr(gen, "predict_par", predict)
    m, layouts = gen.generate_map(make_rng(3), (14, 14), "hard", aim=True)
    target = gen.aim_par("hard", (14, 14))
    best = min(seen, key=lambda x: abs(x[0] - target))
    assert m == best[1] and 1 <= len(seen) <= data()["generate"]["candidates"]
    assert layouts >= len(seen)


def test_the_aim_is_a_share_of_the_size_reference():
    assert gen.aim_par("easy", (16, 12)) == pytest.approx(
        data()["generate"]["levels"]["easy"]["aim"] * rating.reference()["par"])


# ---- bands per size ----------------------------------------------------------------------------

def test_bands_follow_the_squares():
    ref = rating.reference()["par"]
    spec = data()["rating"]
    assert rating.reference_size() == (16, 12)                     # map-3
    assert bands() == bands((16, 12)) == Bands(round(spec["hard"] * ref, 2),
                                               round(spec["easy"] * ref, 2))
    # 12 x 12 has 3/4 of map-3's squares: its reference par is (4/3) ** size_scale higher
    par = ref * (192 / 144) ** spec["size_scale"]
    assert rating.reference_par((12, 12)) == pytest.approx(par)
    assert bands((12, 12)).high == round(spec["easy"] * par, 2) > bands().high
    assert bands((16, 16)).low < bands().low


def test_a_rating_carries_its_size_and_bands():
    r = rating.rate(small_map(), 20, 1)
    assert r.size == (12, 12) and r.bands == bands((12, 12))
    fields = r.to_fields()
    assert fields["bands"] == bands((12, 12)).to_fields()
    assert fields["reference"]["size_par"] == round(rating.reference_par((12, 12)), 2)


# ---- a difficulty needs games; progress and cancel -------------------------------------------

def test_a_difficulty_without_rating_games_is_refused():
    with pytest.raises(InputError, match="--difficulty hard with --rating-games 0"):
        make_map(make_rng(1), None, "hard", 0)
    with pytest.raises(InputError, match="--rating-games 0"):
        build("realms", "sheet", 1, render=False,
              options={"map": "random", "difficulty": "easy", "rating_games": 0})


def test_a_watched_rating_reports_and_plays_the_same_games():
    seen = []
    plain = make_map(make_rng(4), "12x12", None, 40)
    with watching(progress=seen.append):
        watched = make_map(make_rng(4), "12x12", None, 40)
    assert watched == plain
    assert seen and seen[-1].games == watched.rating.games
    assert [p.maps for p in seen] == sorted(p.maps for p in seen)
    for k in {p.maps for p in seen}:                   # each map's games only grow
        games = [p.games for p in seen if p.maps == k]
        assert games == sorted(games) and games[0] == rating.WATCH_CHUNK
    assert all(p.maps >= 1 and p.max_games == 40 for p in seen)
    assert seen[0].games == rating.WATCH_CHUNK


def test_a_watched_rating_is_called_off():
    calls = []

    def cancel():
        calls.append(1)
        return len(calls) > 2

    with watching(cancel=cancel), pytest.raises(Cancelled):
        make_map(make_rng(4), "12x12", "easy", 200)
    assert len(calls) == 3


def test_a_finding_far_from_everything_is_in_no_walk():
    m = Map.build((12, 12), [Entrance(0, 5, "N"), Entrance(11, 5, "S"), Entrance(5, 0, "W"),
                             Entrance(5, 11, "E")], [], [], [Finding(6, 6, "ooze")],
                  "t", "advanced", "d")
    assert features(m)["oozes"] == 1 and features(m)["longest"] == 22.0    # corner to corner
