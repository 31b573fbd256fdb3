# Stage 8: the report. `snakemake --report results/report.html` collects every figure marked
# with report() in rules/figures.smk, with the captions of report/*.rst, and this description.


report: "../report/workflow.rst"
