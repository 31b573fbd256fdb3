"""Write the example study of README "Your own data" with a sample sheet and patients.

A simulated biopsy study laid out as R/Bioconductor exports it:

- ``.test/data/study_expression.csv`` -- ``write.csv(assay(se))``: genes in rows, one column per
  biopsy, an empty top-left cell, quoted names; biopsy ids like ``0102`` (patient 01, biopsy 2)
  whose leading zeros must survive;
- ``.test/data/study_samples.tsv`` -- ``colData(se)`` as a tab-separated sample sheet: biopsy
  id, patient, response (responder / non-responder), batch and age; it has one row more than
  the matrix (a biopsy that failed quality control and was not sequenced).

30 patients (15 responders), 2 or 3 biopsies each (75 biopsies), 150 genes on a log2 scale.
Each patient has a profile of its own (a patient effect of 0.8 standard deviations on every
gene), biopsies of one patient differ by noise of 0.6, and 6 genes (:data:`RESPONSIVE`) are
shifted by 1.0 between responders and non-responders. A biopsy's patient is therefore easy to
recognise from its expression, which is why the patients must be resampled together
(``groups: patient``).

    python3 tools/make_example_study.py          # rewrites both files (deterministic)
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

FOLDER = Path(__file__).resolve().parents[1] / ".test" / "data"
N_PATIENTS, N_GENES, SHIFT = 30, 150, 1.0
rng = np.random.default_rng(20250321)
genes = [f"GENE{j:03d}" for j in range(1, N_GENES + 1)]
RESPONSIVE = sorted(genes[j] for j in rng.permutation(N_GENES)[:6])


def main() -> None:
    responder = rng.permutation(np.arange(N_PATIENTS) < N_PATIENTS // 2)
    patient_effect = 0.8 * rng.normal(size=(N_PATIENTS, N_GENES))
    baseline = 7.0 + rng.normal(scale=1.5, size=N_GENES)
    shift = np.array([SHIFT / 2 if g in RESPONSIVE else 0.0 for g in genes])
    biopsies, columns, sheet = [], [], []
    for p in range(N_PATIENTS):
        for b in range(1, 3 + p % 2):
            sample = f"{p + 1:02d}{b:02d}"
            sign = 1.0 if responder[p] else -1.0
            values = baseline + patient_effect[p] + sign * shift + 0.6 * rng.normal(size=N_GENES)
            biopsies.append(sample)
            columns.append(values)
            sheet.append((sample, f"P{p + 1:02d}",
                          "responder" if responder[p] else "non-responder",
                          f"batch{p % 3 + 1}", str(45 + (7 * p) % 30)))
    # a biopsy of patient 01 that failed quality control: in the sheet, not in the matrix
    sheet.append(("0199", "P01", "responder" if responder[0] else "non-responder", "batch1",
                  "45"))
    matrix = np.array(columns).T
    lines = ['"",' + ",".join(f'"{s}"' for s in biopsies)]
    lines += [f'"{gene}",' + ",".join(f"{v:.3f}" for v in matrix[j])
              for j, gene in enumerate(genes)]
    FOLDER.mkdir(parents=True, exist_ok=True)
    (FOLDER / "study_expression.csv").write_text("\n".join(lines) + "\n")
    rows = ["sample\tpatient\tresponse\tbatch\tage", *("\t".join(row) for row in sheet)]
    (FOLDER / "study_samples.tsv").write_text("\n".join(rows) + "\n")
    print(f"{FOLDER}: {N_GENES} genes x {len(biopsies)} biopsies of {N_PATIENTS} patients; "
          f"responsive genes {RESPONSIVE}")


if __name__ == "__main__":
    main()
