"""The ARFF reader: dense and sparse data, quoting, missing values, malformed files."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.sources.arff import read_arff

DENSE = """% a comment
@RELATION 'toy data'

@ATTRIBUTE 'gene one' NUMERIC
@attribute g2 real
@attribute count INTEGER
@attribute note STRING
@attribute class {'tumor tissue', normal}

@DATA
1.5, -2, 3, 'hello, world', 'tumor tissue'
% another comment
?, 0.25, 7, plain, normal

2e-3,4,?,?,'tumor tissue'
"""


def test_dense_with_quotes_missing_and_comments(tmp_path):
    path = tmp_path / "toy.arff"
    path.write_text(DENSE)
    frame, attributes, relation = read_arff(path)
    assert relation == "toy data"
    assert list(frame.columns) == ["gene one", "g2", "count", "note", "class"]
    assert [a.kind for a in attributes] == ["numeric", "numeric", "numeric", "string", "nominal"]
    assert attributes[-1].values == ("tumor tissue", "normal")
    np.testing.assert_array_equal(frame["gene one"].to_numpy(), [1.5, np.nan, 2e-3])
    np.testing.assert_array_equal(frame["g2"].to_numpy(), [-2.0, 0.25, 4.0])
    np.testing.assert_array_equal(frame["count"].to_numpy(), [3.0, 7.0, np.nan])
    assert frame["note"].tolist() == ["hello, world", "plain", None]
    assert frame["class"].tolist() == ["tumor tissue", "normal", "tumor tissue"]


def test_double_quotes_and_mixed_quotes(tmp_path):
    text = '@relation r\n@attribute "a b" numeric\n@attribute c {"x y",z}\n@data\n1,"x y"\n2,z\n'
    path = tmp_path / "dq.arff"
    path.write_text(text)
    frame, _, _ = read_arff(path)
    assert list(frame.columns) == ["a b", "c"]
    assert frame["c"].tolist() == ["x y", "z"]
    mixed = text.replace("2,z", "2,'z'")
    path.write_text(mixed)
    frame, _, _ = read_arff(path)
    assert frame["c"].tolist() == ["x y", "z"]
    np.testing.assert_array_equal(frame["a b"].to_numpy(), [1.0, 2.0])


def test_sparse_rows(tmp_path):
    text = (
        "@relation sparse\n@attribute a numeric\n@attribute b numeric\n@attribute c numeric\n"
        "@attribute cls {neg,pos}\n@data\n{0 1.5, 3 pos}\n{}\n{1 ?, 2 -4}\n"
    )
    path = tmp_path / "sparse.arff"
    path.write_text(text)
    frame, _, _ = read_arff(path)
    np.testing.assert_array_equal(frame["a"].to_numpy(), [1.5, 0.0, 0.0])
    np.testing.assert_array_equal(frame["b"].to_numpy(), [0.0, 0.0, np.nan])
    np.testing.assert_array_equal(frame["c"].to_numpy(), [0.0, 0.0, -4.0])
    # an omitted nominal value is the first declared value
    assert frame["cls"].tolist() == ["pos", "neg", "neg"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("@relation r\n@attribute a numeric\n", "no @data section"),
        ("@relation r\n@attribute a numeric\n@attribute a numeric\n@data\n1,2\n", "duplicate"),
        ("@relation r\n@attribute a {x,y}\n@data\nz\n", r"undeclared value\(s\) \['z'\]"),
        ("@relation r\n@attribute a relational\n@data\n", r"bad.arff:2: unsupported attribute"),
        ("@relation r\n@bogus\n@data\n", r"bad.arff:2: unexpected header line"),
        ("@relation r\n@attribute a numeric\n@data\nabc\n", "cannot parse the @data section"),
        ("@relation r\n@attribute a numeric\n@data\n{5 1}\n", "bad entry"),
    ],
)
def test_malformed_files_name_the_file(tmp_path, text, message):
    path = tmp_path / "bad.arff"
    path.write_text(text)
    with pytest.raises(ValueError, match=message):
        read_arff(path)
