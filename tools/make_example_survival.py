"""Write the survival example of README "Your own data": breast cancer expression and time to
distant metastasis, as a matrix and a sample sheet.

The data are scikit-survival's bundled breast cancer set (``sksurv.datasets.
load_breast_cancer``): the TRANSBIG validation series of the 76-gene prognostic signature
(Desmedt et al. 2007, Clin. Cancer Res. 13:3207; GEO GSE7390), 198 node-negative patients,
the 76 signature genes (Affymetrix probes, log2 expression), age, oestrogen receptor status,
grade and tumour size, and the time to distant metastasis in days (51 metastases, 74 %
censored). Written as a study arrives:

- ``.test/data/metastasis_expression.csv`` -- one patient per row, the first column ``sample``
  (ids ``BC001`` .. ``BC198`` in scikit-survival's row order; the series' own GSM ids are not
  part of the bundled data), then the 76 probes under their Affymetrix ids (R's ``X`` prefix
  of scikit-survival's column names, ``X200726_at``, removed: ``200726_at``);
- ``.test/data/metastasis_samples.tsv`` -- the sample sheet: ``sample``, the clinical
  variables ``age``, ``er``, ``grade`` (as given, including the source's ``unkown``),
  ``size``, and the outcome ``t.tdm`` (days) and ``e.tdm`` (1 = distant metastasis, 0 =
  censored), the column names of the TRANSBIG data.

    python3 tools/make_example_survival.py     # needs scikit-survival; deterministic
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from sksurv.datasets import load_breast_cancer

FOLDER = Path(__file__).resolve().parents[1] / ".test" / "data"
CLINICAL = ["age", "er", "grade", "size"]


def main() -> None:
    frame, outcome = load_breast_cancer()
    ids = [f"BC{i + 1:03d}" for i in range(len(frame))]
    genes = [c for c in frame.columns if c not in CLINICAL]
    expression = frame[genes].rename(columns=lambda c: c.removeprefix("X"))
    expression.insert(0, "sample", ids)
    expression.to_csv(FOLDER / "metastasis_expression.csv", index=False, lineterminator="\n")
    sheet = pd.DataFrame({"sample": ids})
    for column in CLINICAL:
        sheet[column] = frame[column].astype(str).to_numpy()
    sheet["t.tdm"] = [f"{t:g}" for t in outcome["t.tdm"]]
    sheet["e.tdm"] = outcome["e.tdm"].astype(int)
    sheet.to_csv(FOLDER / "metastasis_samples.tsv", sep="\t", index=False, lineterminator="\n")
    print(f"wrote {len(ids)} patients, {len(genes)} genes, {int(outcome['e.tdm'].sum())} "
          f"metastases to {FOLDER}")


if __name__ == "__main__":
    main()
