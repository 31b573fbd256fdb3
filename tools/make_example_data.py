"""Write the example expression matrix of README "Your own data" (.test/data/my_expression.csv).

A simulated two-group study laid out as labs store expression data: one gene per row, one
sample per column, a row of sample ids and a row of labels. 60 samples (30 tumour, 30 normal),
200 genes with log2 expressions around gene-specific means; 8 genes are differentially
expressed (a shift of 1.2 standard deviations between the groups), and each of the first 3 of
them has 3 co-expressed partners (correlation about 0.8) that carry the signal too -- the
situation in which selections are unstable. The 8 genes are listed in :data:`INFORMATIVE`.

    python3 tools/make_example_data.py          # rewrites the file (deterministic)
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

OUTPUT = Path(__file__).resolve().parents[1] / ".test" / "data" / "my_expression.csv"
N_PER_GROUP, N_GENES, SHIFT = 30, 200, 1.2
rng = np.random.default_rng(20240611)
genes = [f"GENE{j:03d}" for j in range(1, N_GENES + 1)]
order = rng.permutation(N_GENES)
INFORMATIVE = sorted(genes[j] for j in order[:8])
partners = {int(order[k]): [int(j) for j in order[8 + 3 * k: 11 + 3 * k]] for k in range(3)}
PARTNERS = {genes[j]: sorted(genes[o] for o in others) for j, others in partners.items()}


def main() -> None:
    n = 2 * N_PER_GROUP
    status = np.array(["tumour"] * N_PER_GROUP + ["normal"] * N_PER_GROUP)
    values = rng.normal(size=(N_GENES, n))
    for j in order[:8]:
        values[j] += np.where(status == "tumour", SHIFT / 2, -SHIFT / 2)
    for j, others in partners.items():
        for other in others:
            values[other] = 0.8 * values[j] + 0.6 * rng.normal(size=n)
    expression = 8.0 + rng.normal(scale=1.5, size=(N_GENES, 1)) + values
    samples = [f"S{i:02d}" for i in range(1, n + 1)]
    shuffled = rng.permutation(n)  # tumour and normal samples interleaved as in a real study
    lines = [",".join(["sample", *(samples[i] for i in shuffled)]),
             ",".join(["status", *(status[i] for i in shuffled)])]
    lines += [",".join([gene, *(f"{expression[j, i]:.3f}" for i in shuffled)])
              for j, gene in enumerate(genes)]
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text("\n".join(lines) + "\n")
    print(f"{OUTPUT}: {N_GENES} genes x {n} samples; informative genes {INFORMATIVE}; "
          f"co-expressed partners {PARTNERS}")


if __name__ == "__main__":
    main()
