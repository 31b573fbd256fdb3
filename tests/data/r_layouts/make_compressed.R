# Compressed files and an R list, written by R itself (R 4.2.2), for
# tests/sources/test_sources_writers.py and tests/sources/test_sources_formats.py:
#   Rscript make_compressed.R      (in this folder)
# The data frame is that of make_files.R (same seed, same calls).
set.seed(21)
ids <- c("01005", "01006", "01", "1", "007", "7", "0100", "100")
status <- rep(c("case", "control"), each = 4)
df <- data.frame(TP53 = round(rnorm(8, 5), 3), BRCA1 = round(rnorm(8, 3), 3),
                 status = status, row.names = ids)
write.csv(df, gzfile("write_csv.csv.gz"))                  # gzip
write.table(df, bzfile("write_table.tsv.bz2"), sep = "\t") # bzip2, header one field short
write.csv2(df, xzfile("write_csv2.csv.xz"))                # xz, ';' and decimal comma
write.csv(df, "inner.csv")
utils::zip("write_csv.zip", "inner.csv", flags = "-q -X")  # a zip archive holding one file
unlink("inner.csv")
expr_list <- list(x = as.matrix(df[, c("TP53", "BRCA1")]), y = factor(df$status))
save(expr_list, file = "expr_list.RData")                  # datamicroarray's layout
