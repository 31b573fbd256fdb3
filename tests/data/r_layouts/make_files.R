# The files of tests/sources/test_r_layouts.py, written by R's own functions (R 4.2.2, Debian
# bookworm's r-base-core and r-bioc-summarizedexperiment 1.28.0):
#   Rscript make_files.R      (in this folder)
set.seed(21)
ids <- c("01005", "01006", "01", "1", "007", "7", "0100", "100")
status <- rep(c("case", "control"), each = 4)           # sorted by class, as studies often are
df <- data.frame(TP53 = round(rnorm(8, 5), 3), BRCA1 = round(rnorm(8, 3), 3),
                 status = status, row.names = ids)
write.csv(df, "write_csv.csv")                           # "" header cell, quoted row names
write.table(df, "write_table.tsv", sep = "\t")           # header one field short
write.csv2(df, "write_csv2.csv")                         # ';' and decimal comma (Excel, Europe)

suppressPackageStartupMessages(library(SummarizedExperiment))
counts <- matrix(round(rnorm(5 * 6, 8), 3), nrow = 5,
                 dimnames = list(paste0("ENSG0000", 1:5), c("0101", "0102", "0201", "0202",
                                                            "0301", "0302")))
coldata <- DataFrame(condition = rep(c("tumour", "normal"), 3),
                     patient = rep(c("P01", "P02", "P03"), each = 2),
                     row.names = colnames(counts))
se <- SummarizedExperiment(assays = list(logcounts = counts), colData = coldata)
write.csv(assay(se, "logcounts"), "assay.csv")           # genes in rows, empty top-left cell
write.csv(as.data.frame(colData(se)), "coldata.csv")     # row names = sample ids
