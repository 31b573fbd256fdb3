"""The claims mechanism every paper shares (fsstab.papers.conclusions): criteria compute
verdicts (with the numbers in the why), verdicts cannot be typed in, settings are compared key by
key, and write_conclusions writes conclusions.md and its CSV twin deterministically."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from fsstab.papers.conclusions import (
    CONCLUSION_COLUMNS,
    Assessment,
    Claim,
    SettingsMatch,
    Statement,
    Verdict,
    all_of,
    at_least,
    at_most,
    cannot_fail,
    claims_frame,
    close_to,
    compare_settings,
    equal_to,
    every_at_least,
    holds_if,
    lowest_is,
    not_run,
    not_testable,
    over_cases,
    read_conclusions,
    same_ordering,
    verdict_counts,
    within_standard_errors,
    write_conclusions,
)

HOLDS, FAILS = Verdict.HOLDS, Verdict.DOES_NOT_HOLD
NOT_RUN = Verdict.NOT_RUN
PARTLY, UNTESTED = Verdict.PARTLY_HOLDS, Verdict.NOT_TESTABLE


def test_an_assessment_cannot_be_typed_in():
    with pytest.raises(TypeError, match="never typed in"):
        Assessment(Verdict.HOLDS, "because I say so")
    statement = Statement("§1", "x", "y")
    with pytest.raises(TypeError, match="must be an Assessment"):
        Claim("k", statement, "", "holds", SettingsMatch(True))


def test_within_standard_errors_uses_the_standard_error_of_the_difference():
    # Table 2 of Nogueira & Brown, wine: 9.8 ± 0.93 over K = 100; ours 6.5 ± 0.70 over 100.
    # SE = sqrt(0.07² + 0.093²) = 0.1164; 2 SE = 0.2328 < 3.3
    result = within_standard_errors(6.5, 0.07, 9.8, 0.093)
    assert result.verdict is FAILS
    assert result.why.startswith("|6.50 - 9.80| = 3.30 > 2 SE = 0.23 (SE = ")
    assert within_standard_errors(9.7, 0.07, 9.8, 0.093).verdict is HOLDS   # 0.1 <= 0.23
    assert within_standard_errors(9.8, 0.0, 10.0, 0.1, n_se=1).verdict is FAILS  # 0.2 > 0.1
    assert within_standard_errors(math.nan, 0.1, 1.0, 0.1).verdict is UNTESTED


def test_threshold_criteria_state_rule_and_numbers():
    assert close_to(5 / 9, 0.5556, 1e-4, what="sim_H").verdict is HOLDS
    assert close_to(0.6, 0.7, 1e-12).verdict is FAILS
    assert close_to(math.nan, 1.0, 1.0).verdict is FAILS
    assert close_to(-99.0, -99.0, 1e-12, what="sim_W").why == "|sim_W - (-99.0000)| = 0 <= 1e-12"
    assert at_most(0.072, 0.05, what="gap", digits=3).why == "gap = 0.072 > 0.050"
    assert at_most(0.0, 1e-12, what="gap", digits=3).why == "gap = 0.000 <= 1e-12"
    assert at_least(-0.5, -1.0, what="min").verdict is HOLDS
    assert at_least(-9.0, -1.0, what="min").verdict is FAILS
    # values that differ but round alike get the decimals that tell them apart
    assert at_most(1.3025, 1.3, what="sd", digits=2).why == "sd = 1.302 > 1.300"
    assert at_least(0.1, 0.1, what="x", digits=2).why == "x = 0.10 >= 0.10"
    assert equal_to((178, 3), (178, 3), what="n, classes").why == "n, classes: (178, 3) = (178, 3)"
    assert equal_to(3, 2).verdict is FAILS
    assert holds_if(2 > 1, "two exceeds one").why == "two exceeds one: yes"
    assert holds_if(False, "r").verdict is FAILS
    assert not_testable("no data").verdict is UNTESTED


def test_lowest_and_orderings():
    values = {"sim_N": 0.9, "sim_L": 0.5, "sim_W": 0.95}
    assert lowest_is(values, "sim_L").verdict is HOLDS
    assert lowest_is(values, "sim_N").verdict is FAILS
    assert lowest_is({"a": 0.5, "b": 0.5}, "a").verdict is FAILS      # a tie is not "lowest"
    assert lowest_is({"a": 0.5}, "b").verdict is UNTESTED
    assert same_ordering(values, ["sim_W", "sim_N", "sim_L"]).why.startswith("ordering equal")
    assert same_ordering(values, ["sim_N", "sim_W", "sim_L"]).verdict is FAILS
    assert same_ordering({"a": 1.0, "b": 1.0}, ["a", "b"]).verdict is FAILS
    assert same_ordering({"a": 1.0}, ["a", "b"]).verdict is UNTESTED


def test_every_at_least_fails_on_one_case_below_or_without_a_value():
    held = every_at_least({"r1": 0.4, "r2": 0.02}, 0.02, what="gain")
    assert held.verdict is Verdict.HOLDS
    assert held.why == "gain >= 0.020 at every one of 2 (r1 0.400, r2 0.020)"
    low = every_at_least({"r1": 0.4, "r2": 0.019}, 0.02, what="gain")
    assert low.verdict is Verdict.DOES_NOT_HOLD
    assert low.why.endswith("; not at r2")
    missing = every_at_least({"r1": math.nan, "r2": 0.5}, 0.0, what="gain")
    assert missing.verdict is Verdict.DOES_NOT_HOLD
    assert "1 of 2 (r1 NaN, r2 0.500); not at r1" in missing.why
    assert every_at_least({}, 0.0, what="gain").verdict is Verdict.NOT_TESTABLE


def test_combinations_define_partly_holds_precisely():
    yes, no, na = holds_if(True, "y"), holds_if(False, "n"), not_testable("n/a")
    assert all_of(yes, yes).verdict is HOLDS
    assert all_of(yes, no).verdict is FAILS
    assert all_of(yes, na).verdict is UNTESTED
    assert all_of(yes, no).why == "y: yes; n: no"
    assert over_cases({"wine": yes, "breast": yes, "parkinsons": na}).verdict is HOLDS
    mixed = over_cases({"wine": no, "breast": yes, "parkinsons": na})
    assert mixed.verdict is PARTLY
    assert mixed.why == ("1 of 2 tested cases: holds for breast; not for wine; "
                         "not tested for parkinsons")
    assert over_cases({"wine": no, "sonar": no}).verdict is FAILS
    assert over_cases({"parkinsons": na}).verdict is UNTESTED
    assert over_cases({"a": mixed, "b": yes}).verdict is PARTLY   # a partly-held case fails


def test_not_run_is_apart_from_not_testable_and_never_counts_as_tested():
    yes, no, na = holds_if(True, "y"), holds_if(False, "n"), not_testable("private data")
    skipped = not_run("borovecki not in this run")
    assert skipped.verdict is Verdict.NOT_RUN
    # a failing part still decides; otherwise what was not run outranks what cannot be tested,
    # because running it would test the claim
    assert all_of(no, skipped).verdict is FAILS
    assert all_of(yes, skipped, na).verdict is Verdict.NOT_RUN
    assert over_cases({"alon": skipped, "lsvt": na}).verdict is Verdict.NOT_RUN
    assert over_cases({"lsvt": na}).verdict is UNTESTED
    tested = over_cases({"sonar": yes, "alon": skipped})
    assert tested.verdict is HOLDS
    assert tested.why == "1 of 1 tested cases: holds for sonar; not run for alon"


def test_a_claim_that_cannot_fail_is_not_testable_and_says_so():
    ceiling = cannot_fail("phi = 1.000 already on waveform: no gain possible")
    assert ceiling.verdict is UNTESTED
    assert ceiling.why.startswith("cannot fail on this run's data: phi = 1.000")
    assert over_cases({"waveform": ceiling, "wine": holds_if(True, "gain")}).why.endswith(
        "not tested for waveform")


def test_settings_are_compared_key_by_key_in_the_papers_order():
    paper = {"K": 100, "trees": 100, "p": 0.5, "criterion": "entropy"}
    assert compare_settings({"K": 100.0, "trees": 100, "p": 0.5, "criterion": "entropy"},
                            paper) == SettingsMatch(True, "")
    match = compare_settings({"trees": 20, "K": 8, "p": 0.5, "criterion": "gini"}, paper)
    assert not match.same
    assert match.text() == ("different: K 8 here, 100 in the paper; trees 20 here, 100 in the "
                            "paper; criterion gini here, entropy in the paper")
    assert compare_settings({}, {"K": 100}).detail == "K not set here, 100 in the paper"
    assert compare_settings({"K": 1}, {"K": 1}, chosen="10 runs").text() == "same: 10 runs"


def _claims():
    statement = Statement("§5, Table 2", "Average | number", "9.8 ± 0.93")
    return [
        Claim("t2.wine", statement, "6.50 ± 0.70", within_standard_errors(6.5, 0.07, 9.8, 0.093),
              compare_settings({"K": 8}, {"K": 100}), dataset="wine"),
        Claim("t2.breast", statement, "15.0", within_standard_errors(15.0, 0.1, 15.0, 0.13),
              SettingsMatch(True), dataset="breast", paper_evidence="15 ± 1.3"),
        Claim("t2.parkinsons", statement, "", not_testable("not run"),
              SettingsMatch(False, "not run"), dataset="parkinsons"),
    ]


def test_claims_frame_and_counts():
    frame = claims_frame(_claims())
    assert tuple(frame.columns) == CONCLUSION_COLUMNS
    assert list(frame["verdict"]) == ["does not hold", "holds", "not testable here"]
    assert list(frame["paper_evidence"]) == ["9.8 ± 0.93", "15 ± 1.3", "9.8 ± 0.93"]
    assert list(frame["settings_match"]) == ["different", "same", "different"]
    assert frame["settings"].iloc[0] == "different: K 8 here, 100 in the paper"
    assert verdict_counts(frame) == {"holds": 1, "does not hold": 1, "partly holds": 0,
                                     "verified by construction": 0, "not testable here": 1,
                                     "not run (compute)": 0}
    with pytest.raises(ValueError, match="used twice"):
        claims_frame(_claims() + _claims()[:1])


def test_write_conclusions_writes_markdown_and_its_twin_deterministically(tmp_path):
    first = write_conclusions(_claims(), tmp_path / "a.md", tmp_path / "a", title="T")
    write_conclusions(_claims(), tmp_path / "b.md", tmp_path / "b", title="T")
    for ext in ("md", "csv", "parquet"):
        assert (tmp_path / f"a.{ext}").read_bytes() == (tmp_path / f"b.{ext}").read_bytes()
    text = (tmp_path / "a.md").read_text()
    assert text.startswith("# T\n")
    assert ("**3 claims, 2 tested: 1 hold, 1 do not hold, 0 partly hold; 0 verified by "
            "construction; 1 not testable here, 0 not run (compute).**") in text
    rows = [line for line in text.splitlines() if line.startswith("| t2.")]
    assert len(rows) == 3
    assert "Average \\| number" in rows[0]                          # pipes escaped
    assert rows[0].count(" | ") == len(CONCLUSION_COLUMNS) - 2      # 9 cells (no settings_match)
    pd.testing.assert_frame_equal(read_conclusions(tmp_path / "a"), first)
    csv = pd.read_csv(tmp_path / "a.csv", keep_default_na=False)
    assert list(csv["key"]) == ["t2.wine", "t2.breast", "t2.parkinsons"]


def test_set_criteria_compare_members_and_name_the_difference():
    from fsstab.papers.conclusions import overlaps, same_set

    order = ["LASSO", "RF", "GBM", "MIM"]
    assert same_set(["MIM", "LASSO", "MIM"], ("LASSO", "MIM")).verdict is HOLDS
    differ = same_set(["GBM", "LASSO"], ["MIM", "LASSO"], what="front", order=order)
    assert differ.verdict is FAILS
    assert differ.why == ("front {LASSO, GBM} != paper {LASSO, MIM}: only ours {GBM}, only in "
                          "the paper {MIM}")
    assert same_set([], ["MIM"]).verdict is FAILS
    shared = overlaps(["GBM", "LASSO"], ["MIM", "LASSO"], order=order)
    assert shared.verdict is HOLDS
    assert shared.why == "ours {LASSO, GBM} and paper {LASSO, MIM} share {LASSO} (1 of 2 and 2)"
    assert overlaps(["GBM"], ["MIM", "LASSO"]).verdict is FAILS
    assert overlaps([], []).verdict is FAILS        # nothing shared, even when both are empty


def test_write_conclusions_frame_writes_gathered_tables_as_write_conclusions_does(tmp_path):
    """Claims tabulated in parts (e.g. one table per chapter) and concatenated give the same
    files as writing all the claims at once; a table that is not a claims table, repeats a key
    or carries an unknown verdict is refused."""
    from fsstab.papers.conclusions import write_conclusions_frame

    claims = _claims()
    write_conclusions(claims, tmp_path / "all.md", tmp_path / "all", title="T", preamble="P")
    parts = [claims_frame(claims[:1]), claims_frame(claims[1:])]
    # the parts as a gathering rule reads them back: from their Parquet files
    for k, part in enumerate(parts):
        part.to_parquet(tmp_path / f"part{k}.parquet")
    gathered = pd.concat([pd.read_parquet(tmp_path / f"part{k}.parquet") for k in range(2)],
                         ignore_index=False)                  # index 0, 0, 1: reset on write
    written = write_conclusions_frame(gathered, tmp_path / "gathered.md", tmp_path / "gathered",
                                      title="T", preamble="P")
    for ext in ("md", "csv", "parquet"):
        assert (tmp_path / f"all.{ext}").read_bytes() == \
            (tmp_path / f"gathered.{ext}").read_bytes(), ext
    assert list(written.index) == [0, 1, 2]
    assert "P\n" in (tmp_path / "gathered.md").read_text()
    with pytest.raises(ValueError, match="used twice"):
        write_conclusions_frame(pd.concat([gathered, gathered.iloc[:1]]), tmp_path / "x.md",
                                tmp_path / "x", title="T")
    with pytest.raises(ValueError, match="columns"):
        write_conclusions_frame(gathered.drop(columns="why"), tmp_path / "x.md",
                                tmp_path / "x", title="T")
    with pytest.raises(ValueError, match="unknown verdict"):
        write_conclusions_frame(gathered.assign(verdict="yes"), tmp_path / "x.md",
                                tmp_path / "x", title="T")
    assert not (tmp_path / "x.md").exists()


def test_an_identity_that_checks_out_is_verified_by_construction_and_counted_apart():
    """One rule for every identity, theorem, property and worked example: verified by
    construction when the numerical check holds, does not hold when it fails, and never
    counted among the claims that hold."""
    from fsstab.papers.conclusions import by_construction

    BUILT = Verdict.BY_CONSTRUCTION
    check = close_to(5 / 9, 0.5556, 1e-4, what="sim_H")
    built = by_construction(check, "eq. 3 on the paper's sets")
    assert built.verdict is BUILT
    assert built.why == "eq. 3 on the paper's sets: |sim_H - 0.5556| = 4.44e-05 <= 0.0001"
    assert by_construction(close_to(0.6, 0.7, 1e-12), "Example 1").verdict is FAILS
    assert by_construction(not_testable("no map"), "Theorem 3").verdict is UNTESTED
    # combinations: every case by construction gives by construction; a failure still fails;
    # a mix with an empirical part is decided by the empirical part
    assert over_cases({"wine": built, "sonar": built, "lsvt": not_testable("x")}).verdict \
        is BUILT
    assert over_cases({"wine": built, "sonar": holds_if(False, "n")}).verdict is PARTLY
    assert all_of(built, built).verdict is BUILT
    assert all_of(built, holds_if(True, "y")).verdict is HOLDS
    assert all_of(built, holds_if(False, "n")).verdict is FAILS
    statement = Statement("§3", "Theorem 1", "proof")
    frame = claims_frame([Claim("t1", statement, "", built, SettingsMatch(True))])
    counts = verdict_counts(frame)
    assert counts["verified by construction"] == 1
    assert counts["holds"] == 0


def test_the_noise_rule_two_standard_errors_and_a_bonferroni_allowance():
    """z_m = Φ⁻¹(1 - α/(2m)), α = 2(1 - Φ(2)): 2 for one comparison; an independent value
    for 7 (a normal table: Φ(2.7214) = 1 - 0.0455/14 = 0.996750)."""
    from scipy.stats import norm

    from fsstab.papers.conclusions import ALPHA, beyond_noise, noise_z, within_noise

    assert pytest.approx(0.0455003, abs=1e-7) == ALPHA
    assert noise_z(1) == 2.0
    assert noise_z(7) == pytest.approx(2.7214, abs=1e-4)
    assert norm.cdf(noise_z(7)) == pytest.approx(1 - ALPHA / 14, abs=1e-12)
    with pytest.raises(ValueError, match="at least 1"):
        noise_z(0)
    # Hamer Property 4 on sonar: mean -0.000959, SE 0.000301: 3.18 SE from 0
    one = within_noise(-0.000959, 0.000301, what="mean φ_iw", digits=6)
    seven = within_noise(-0.000959, 0.000301, what="mean φ_iw", n_comparisons=7, digits=6)
    assert one.verdict is FAILS
    assert seven.verdict is FAILS      # 3.18 > 2.72 still
    assert within_noise(0.00075, 0.000301, what="m", n_comparisons=7).verdict is HOLDS
    assert "2.72 SE (Bonferroni over 7 comparisons)" in seven.why
    assert within_noise(0.052, 0.02, what="g", tolerance=0.005).verdict is FAILS  # > 0.045
    assert within_noise(0.044, 0.02, what="g", tolerance=0.005).verdict is HOLDS
    assert within_noise(math.nan, 0.1, what="g").verdict is UNTESTED
    # a directional claim: beyond 2 SE in its direction; a strict ">" is not enough
    assert beyond_noise(0.001, 0.04, what="φ").verdict is FAILS
    assert beyond_noise(0.2, 0.04, what="φ").verdict is HOLDS
    assert beyond_noise(0.2, 0.04, what="φ", direction=-1).verdict is FAILS
    assert beyond_noise(-0.2, 0.04, what="φ", direction=-1).verdict is HOLDS
    # with a margin from the paper (a "much"): change - margin > 2 SE
    assert beyond_noise(0.55, 0.01, what="gap", margin=0.51).verdict is HOLDS
    assert beyond_noise(0.52, 0.01, what="gap", margin=0.51).verdict is FAILS
    # 0.25 apart, SE 0.1: beyond 2 SE, within the 2.72 SE of seven comparisons
    assert within_standard_errors(0.25, 0.1, 0.0, 0.0, n_comparisons=7).verdict is HOLDS
    assert within_standard_errors(0.25, 0.1, 0.0, 0.0).verdict is FAILS


def test_conclusion_inputs_round_trip_through_their_files(tmp_path):
    """The rule and the published folder read the same files the same way: the tables'
    CSVs (empty text cells as "", empty numbers as NaN) and the run's settings (order kept)."""
    from fsstab.papers.conclusions import (
        CONCLUSION_INPUTS,
        read_conclusion_inputs,
        write_conclusion_inputs,
    )

    pd.DataFrame({"dataset": ["wine", "sonar"], "label": ["x", ""],
                  "value": [0.5, math.nan], "flag": [True, False]}).to_csv(
        tmp_path / "t1.csv", index=False)
    write_conclusion_inputs(tmp_path / CONCLUSION_INPUTS, tables=["t1"],
                            run={"b": (1, 2), "a": {"z": 1, "y": None}},
                            missing={"t2": "not published (5 CPU-min)"})
    inputs = read_conclusion_inputs(tmp_path)
    table = inputs.table("t1")
    assert list(table["label"]) == ["x", ""]
    assert math.isnan(table["value"].iloc[1])
    assert table["flag"].dtype == bool
    assert inputs.run == {"b": [1, 2], "a": {"z": 1, "y": None}}
    assert list(inputs.run) == ["b", "a"]
    assert list(inputs.run["a"]) == ["z", "y"]
    assert inputs.missing == {"t2": "not published (5 CPU-min)"}
    assert inputs.table("t2") is None
    first = (tmp_path / CONCLUSION_INPUTS).read_bytes()
    write_conclusion_inputs(tmp_path / CONCLUSION_INPUTS, tables=["t1"],
                            run={"b": (1, 2), "a": {"z": 1, "y": None}},
                            missing={"t2": "not published (5 CPU-min)"})
    assert (tmp_path / CONCLUSION_INPUTS).read_bytes() == first
    write_conclusion_inputs(tmp_path / CONCLUSION_INPUTS, tables=["t1", "t3"], run={})
    with pytest.raises(FileNotFoundError, match="t3"):
        read_conclusion_inputs(tmp_path)
    with pytest.raises(ValueError, match="no JSON form"):
        write_conclusion_inputs(tmp_path / "x.json", tables=[], run={"a": math.nan})


def test_a_claim_reading_an_unpublished_table_is_not_run_with_its_cost():
    """mark_unpublished: a claim whose key (or key prefix) reads a rule input the run did not
    publish is 'not run (compute)' with the reason of conclusions_inputs.json; a claim reading
    published inputs only, or no prefix at all, keeps its verdict."""
    from fsstab.papers.conclusions import ConclusionInputs, holds_if, mark_unpublished

    statement = Statement("§5", "x", "Fig. 5")

    def claim(key):
        return Claim(key, statement, "1", holds_if(True, "x"), SettingsMatch(True))

    inputs = ConclusionInputs(tables={"a": pd.DataFrame()}, run={},
                              missing={"t": "t was not published (5 CPU-min)"},
                              names={"times": ["t"], "ranks": ["a"]})
    assert inputs.missing_named() == {"times": "t was not published (5 CPU-min)"}
    out = mark_unpublished([claim("f5.median"), claim("f5"), claim("f4.ranks"),
                            claim("f50.other"), claim("free")], inputs,
                           {"f5": ["ranks", "times"], "f4": ["ranks"], "f50": ["ranks"]})
    verdicts = {c.key: c.verdict for c in out}
    assert verdicts == {"f5.median": NOT_RUN, "f5": NOT_RUN, "f4.ranks": HOLDS,
                        "f50.other": HOLDS, "free": HOLDS}
    assert out[0].assessment.why == ("cannot be recomputed from the published files: t was "
                                     "not published (5 CPU-min)")
