# Stage 1: fetch a dataset by its source spec and convert it to Parquet.


rule fetch:
    input:
        local_source_checksum,
    output:
        **get_raw_dataset("{dataset}"),
    log:
        f"{LOGS}/{{dataset}}/fetch.log",
    benchmark:
        f"{BENCH}/{{dataset}}/fetch.tsv"
    priority: LONGEST_PATH_PRIORITY
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("fetch", dataset=None, files="*"),
        runtime=runtime("fetch", dataset=None, files="*"),
    params:
        source=normalised_source_of,
    script:
        "../scripts/fetch.py"
